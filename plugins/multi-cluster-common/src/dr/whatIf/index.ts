export { planWhatIf } from './planWhatIf';
export { resolveLostClusters } from './lostClusters';
export { compareRecoveryPriority } from './priority';
export type {
  WhatIfCapacity,
  WhatIfClusterHeadroom,
  WhatIfLoss,
  WhatIfObjective,
  WhatIfOutcome,
  WhatIfPlan,
  WhatIfRegionHeadroom,
  WhatIfRequest,
  WhatIfServiceInput,
  WhatIfServiceResult,
  WhatIfSourceMove,
  WhatIfSummary,
} from './types';
export { WhatIfLossError } from './types';

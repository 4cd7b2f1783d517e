export { planWhatIf } from './planWhatIf';
export { resolveLostClusters } from './lostClusters';
export { compareRecoveryPriority } from './priority';
export type {
  WhatIfCapacity,
  WhatIfClusterHeadroom,
  WhatIfLoss,
  WhatIfOutcome,
  WhatIfPlan,
  WhatIfRegionHeadroom,
  WhatIfRequest,
  WhatIfServiceInput,
  WhatIfServiceResult,
  WhatIfSourceMove,
} from './types';
export { WhatIfLossError } from './types';

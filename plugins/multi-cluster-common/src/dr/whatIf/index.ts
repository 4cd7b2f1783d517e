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

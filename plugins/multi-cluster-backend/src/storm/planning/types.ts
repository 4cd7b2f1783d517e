import type {
  WhatIfPlan,
  WhatIfRequest,
} from '@flotilla/plugin-multi-cluster-common';

// Every DR-declared service and the fleet: what the what-if module reads.
export type { WhatIfInputReader, WhatIfInputs } from '../../whatIf';

/** The what-if planner (common's `planWhatIf`). */
export type WhatIfPlanner = (request: WhatIfRequest) => WhatIfPlan;

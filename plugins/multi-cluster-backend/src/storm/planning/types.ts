import type {
  ClusterProfile,
  WhatIfPlan,
  WhatIfRequest,
  WhatIfServiceInput,
} from '@flotilla/plugin-multi-cluster-common';

/** The fleet and every DR-declared service, read now. */
export interface WhatIfInputs {
  fleet: ClusterProfile[];
  services: WhatIfServiceInput[];
}

/**
 * Reads what the what-if planner plans over: every DR-declared catalog
 * service and the fleet, with the plugin's own credentials.
 */
export interface WhatIfInputReader {
  read(): Promise<WhatIfInputs>;
}

/** The what-if planner (common's `planWhatIf`). */
export type WhatIfPlanner = (request: WhatIfRequest) => WhatIfPlan;

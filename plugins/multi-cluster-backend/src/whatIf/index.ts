export { registerPlanClusterLossAction } from './action';
export {
  CatalogWhatIfInputReader,
  MAX_WHAT_IF_SERVICES,
} from './CatalogWhatIfInputReader';
export { createWhatIfServices } from './createWhatIf';
export { createWhatIfRouter } from './router';
export { WhatIfReadService } from './WhatIfReadService';
export {
  type WhatIfInputReader,
  type WhatIfInputs,
  WhatIfRefusedError,
  WhatIfService,
} from './WhatIfService';

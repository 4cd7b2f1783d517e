export {
  generateMcsServiceExport,
  MCS_GROUP,
  mcsServiceInputSchema,
} from './serviceExport';
export type { McsServiceInput } from './serviceExport';

export {
  ARGOCD_API_VERSION,
  applicationSetInputSchema,
  generateApplicationSet,
} from './applicationSet';
export type { ApplicationSetInput } from './applicationSet';

export {
  WebhookTrafficProvider,
  createWebhookTrafficProvider,
} from './WebhookTrafficProvider';
export { postWebhook, type WebhookTarget } from './postWebhook';

import type { TrafficProviderFactory } from '@flotilla/plugin-multi-cluster-node';
import { createExternalDnsProvider } from './externalDns';
import { cloudTrafficProviderFactories } from './providers/cloud';
import { createWebhookTrafficProvider } from './webhook';

/**
 * The provider types every deployment has (external-dns, the webhook and
 * the cloud APIs: Route 53, Global Accelerator, Cloudflare), by `type`
 * (`multiCluster.traffic.providers[].type`). Modules add more through
 * `multiClusterTrafficProvidersExtensionPoint`.
 */
export const BUILT_IN_TRAFFIC_PROVIDERS: Readonly<
  Record<string, TrafficProviderFactory>
> = {
  'external-dns': createExternalDnsProvider,
  webhook: createWebhookTrafficProvider,
  ...cloudTrafficProviderFactories,
};

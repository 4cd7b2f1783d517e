import type { TrafficProviderFactory } from '@flotilla/plugin-multi-cluster-node';
import { cloudflareTrafficProviderFactory } from './cloudflare/provider';
import { globalAcceleratorTrafficProviderFactory } from './globalAccelerator/provider';
import { route53TrafficProviderFactory } from './route53/provider';

/**
 * The cloud traffic provider types, by `multiCluster.traffic.providers[].type`
 * (settings: the README's "Cloud traffic providers").
 */
export const cloudTrafficProviderFactories: Record<
  string,
  TrafficProviderFactory
> = {
  route53: route53TrafficProviderFactory,
  'global-accelerator': globalAcceleratorTrafficProviderFactory,
  cloudflare: cloudflareTrafficProviderFactory,
};

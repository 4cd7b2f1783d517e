export {
  ExternalDnsProvider,
  createExternalDnsProvider,
} from './ExternalDnsProvider';
export { AWS_WEIGHT, type DnsEndpointEntry } from './endpoints';
export type { ExternalDnsSettings } from './settings';

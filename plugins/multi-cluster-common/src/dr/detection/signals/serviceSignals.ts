import type { DetectionVerdict } from '../types';
import { argocdSignal } from './argocdSignal';
import { deploymentSignal } from './deploymentSignal';
import type {
  ServiceSignal,
  ServiceSignalInput,
  ServiceSignalRule,
} from './types';

/** Every service signal and its rule. */
export const SERVICE_SIGNAL_RULES: Readonly<
  Record<ServiceSignal, ServiceSignalRule>
> = {
  argocd: argocdSignal,
  deployment: deploymentSignal,
};

/**
 * Each service signal's verdict in one cluster.
 *
 * @public
 */
export function serviceSignalVerdicts(
  input: ServiceSignalInput,
): Record<ServiceSignal, DetectionVerdict> {
  return {
    argocd: SERVICE_SIGNAL_RULES.argocd(input),
    deployment: SERVICE_SIGNAL_RULES.deployment(input),
  };
}

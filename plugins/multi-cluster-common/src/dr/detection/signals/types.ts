import type { WorkloadStatus } from '../../../api/fleet';
import type { DetectionVerdict } from '../types';

/**
 * A service signal detection watches in each cluster the service runs on:
 * its Argo CD Application and its Deployments there.
 *
 * @public
 */
export type ServiceSignal = 'argocd' | 'deployment';

/**
 * The health of the service's Argo CD Application that deploys to a cluster.
 *
 * @public
 */
export interface ApplicationHealthObservation {
  application: string;
  /** `status.health.status`: Healthy, Progressing, Degraded, Suspended, Missing, Unknown. */
  status?: string;
  message?: string;
}

/**
 * What the service's signals in one cluster are decided from; a signal
 * that could not be read is absent.
 *
 * @public
 */
export interface ServiceSignalInput {
  cluster: string;
  application?: ApplicationHealthObservation;
  /** The service's workloads read in the cluster. */
  workloads?: WorkloadStatus[];
}

/** One signal's verdict. */
export type ServiceSignalRule = (input: ServiceSignalInput) => DetectionVerdict;

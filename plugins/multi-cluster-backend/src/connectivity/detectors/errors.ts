import {
  KubernetesRequestError,
  errorMessage,
} from '@flotilla/plugin-multi-cluster-node';

/**
 * One sentence for a detector failure, naming the detector and the HTTP
 * status (`submariner: HTTP 403: gateways.submariner.io is forbidden ...`).
 */
export function describeDetectorError(
  detector: string,
  error: unknown,
): string {
  if (error instanceof KubernetesRequestError) {
    if (error.timeout) return `${detector}: ${error.message}`;
    if (error.statusCode !== undefined) {
      return `${detector}: HTTP ${error.statusCode}: ${error.message}`;
    }
    return `${detector}: ${error.message}`;
  }
  const message = errorMessage(error);
  return `${detector}: ${message}`;
}

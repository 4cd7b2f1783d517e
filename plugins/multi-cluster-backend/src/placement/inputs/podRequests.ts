import type { V1Pod } from '@kubernetes/client-node';
import { addInto, maxInto, type ResourceTotals } from './resourceTotals';

/**
 * The resources a Pod holds on its Node, as Karmada's cluster status
 * controller counts them for `status.resourceSummary.allocated`
 * (karmada-io/karmada `pkg/util/resource.go`, `AddPodRequest`, called from
 * `getAllocatedResource` in `pkg/controllers/status/cluster_status_controller.go`):
 * the higher of the sum of the app containers' requests and the largest
 * init container's request, per resource, plus the Pod's overhead.
 */
export function effectivePodRequest(pod: V1Pod): ResourceTotals {
  const request: ResourceTotals = new Map();
  for (const container of pod.spec?.containers ?? []) {
    addInto(request, container.resources?.requests);
  }
  for (const container of pod.spec?.initContainers ?? []) {
    maxInto(request, container.resources?.requests);
  }
  return addInto(request, pod.spec?.overhead);
}

/**
 * A Pod that holds its Node's resources: bound to a Node and not finished
 * (the same filter as Karmada's `getAllocatedResource`).
 */
export function holdsResources(pod: V1Pod): boolean {
  const phase = pod.status?.phase;
  return (
    Boolean(pod.spec?.nodeName) && phase !== 'Succeeded' && phase !== 'Failed'
  );
}

/**
 * APIEnablement filter (Karmada
 * `pkg/scheduler/framework/plugins/apienablement/api_enablement.go`): a
 * cluster must list the resource's group/version and kind in
 * `status.apiEnablements`. Clusters of the previous result always pass, so
 * a removed CRD never makes the scheduler take a placement away.
 *
 * Karmada passes only a cluster whose list names the kind (`APIEnabled`);
 * when the list is partial (condition `CompleteAPIEnablements` not True) a
 * missing kind is `APIUnknown` and the cluster is filtered all the same. A
 * snapshot without a list at all is a cluster this engine knows nothing
 * about, and passes.
 */
import type { ClusterFilter } from './types';

const KARMADA_REASON = 'cluster(s) did not have the API resource';

export const apiEnablementFilter: ClusterFilter = (cluster, context) => {
  const enablements = cluster.apiEnablements;
  if (enablements === undefined) return undefined;
  if (context.previousNames.has(cluster.name)) return undefined;
  const { apiVersion, kind } = context.resource;
  const served = enablements.some(
    enablement =>
      enablement.groupVersion === apiVersion &&
      enablement.resources.some(resource => resource.kind === kind),
  );
  if (served) return undefined;
  return {
    plugin: 'APIEnablement',
    karmadaReason: KARMADA_REASON,
    explanation: `does not serve ${apiVersion} ${kind}`,
  };
};

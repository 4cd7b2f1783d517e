import {
  applicationSetInputSchema,
  generateApplicationSet,
} from '@flotilla/plugin-multi-cluster-common';
import { examples } from './argocdApplicationSet.examples';
import {
  createManifestAction,
  manifestOutputFields,
  workspaceFields,
} from './shared/manifestAction';

/**
 * ID of the Argo CD ApplicationSet action.
 *
 * @public
 */
export const ARGOCD_APPLICATIONSET_ACTION_ID =
  'multicluster:argocd:applicationset';

/**
 * `multicluster:argocd:applicationset`: an Argo CD ApplicationSet with a
 * clusters, list or matrix generator and automated sync.
 *
 * @public
 */
export function createArgoCdApplicationSetAction() {
  return createManifestAction({
    id: ARGOCD_APPLICATIONSET_ACTION_ID,
    description:
      'Generates an Argo CD ApplicationSet (clusters, list or matrix generator, automated sync) deploying a Git path or Helm chart to many clusters.',
    examples,
    input: applicationSetInputSchema.innerType().extend(workspaceFields),
    output: manifestOutputFields,
    generate(input) {
      return {
        manifests: generateApplicationSet(input),
        singleFileName: `argocd-${input.name}.yaml`,
        summary: paths => `Wrote ApplicationSet ${input.name} to ${paths}`,
      };
    },
  });
}

import {
  generateMcsServiceExport,
  mcsServiceInputSchema,
} from '@flotilla/plugin-multi-cluster-common';
import { examples } from './mcsExport.examples';
import {
  createManifestAction,
  manifestOutputFields,
  workspaceFields,
} from './shared/manifestAction';

/**
 * ID of the MCS action.
 *
 * @public
 */
export const MCS_EXPORT_ACTION_ID = 'multicluster:mcs:export';

/**
 * `multicluster:mcs:export`: MCS API ServiceExport / ServiceImport, and
 * optionally the Karmada PropagationPolicies that place them.
 *
 * @public
 */
export function createMcsExportAction() {
  return createManifestAction({
    id: MCS_EXPORT_ACTION_ID,
    description:
      'Generates Multi-Cluster Services API ServiceExport and ServiceImport manifests (and, with karmada, the PropagationPolicies placing them).',
    examples,
    input: mcsServiceInputSchema.innerType().extend(workspaceFields),
    output: manifestOutputFields,
    generate(input) {
      const manifests = generateMcsServiceExport(input);
      return {
        manifests,
        singleFileName: `mcs-${input.name}.yaml`,
        summary: paths =>
          `Wrote ${manifests.map(m => m.kind).join(', ')} for ${
            input.name
          } to ${paths}`,
      };
    },
  });
}

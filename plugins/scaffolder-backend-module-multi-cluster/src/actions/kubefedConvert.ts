import { convertKubefedResource } from '@flotilla/plugin-multi-cluster-common';
import { z } from 'zod';
import { examples } from './kubefedConvert.examples';
import {
  createManifestAction,
  manifestOutputFields,
  workspaceFields,
} from './shared/manifestAction';

/**
 * ID of the kubefed migration action.
 *
 * @public
 */
export const KUBEFED_CONVERT_ACTION_ID = 'multicluster:kubefed:convert';

/**
 * `multicluster:kubefed:convert`: migrates a kubefed FederatedDeployment (or
 * another Federated* type) to the plain resource plus Karmada policies.
 *
 * @public
 */
export function createKubefedConvertAction() {
  return createManifestAction({
    id: KUBEFED_CONVERT_ACTION_ID,
    description:
      'Converts a kubefed types.kubefed.io/v1beta1 FederatedDeployment (or other Federated* object) into the plain resource, a Karmada PropagationPolicy and an OverridePolicy.',
    examples,
    // The conversion reads the object itself (text or data), so the
    // Federated* schema applies in the handler, not to this field.
    input: z.object({
      federated: z
        .union([z.string(), z.record(z.unknown())])
        .describe('The Federated* object, as YAML/JSON text or as an object'),
      namespace: z
        .string()
        .optional()
        .describe("Namespace for the output (default: the object's own)"),
      ...workspaceFields,
    }),
    output: {
      ...manifestOutputFields,
      warnings: z.array(z.string()).describe('Conversion notes worth a look'),
    },
    generate(input) {
      const { manifests, warnings } = convertKubefedResource(input);
      const name = manifests[0].metadata.name;
      return {
        manifests,
        warnings,
        singleFileName: `kubefed-${name}.yaml`,
        summary: paths => `Converted ${name}: wrote ${paths}`,
      };
    },
  });
}

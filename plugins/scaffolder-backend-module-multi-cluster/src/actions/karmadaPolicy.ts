import { InputError } from '@backstage/errors';
import {
  generateKarmadaPolicies,
  KarmadaPolicyInput,
  karmadaPolicyInputSchema,
  parseYamlDocuments,
} from '@flotilla/plugin-multi-cluster-common';
import { z } from 'zod';
import { examples } from './karmadaPolicy.examples';
import {
  createManifestAction,
  manifestOutputFields,
  workspaceFields,
} from './shared/manifestAction';

/**
 * ID of the Karmada policy action.
 *
 * @public
 */
export const KARMADA_POLICY_ACTION_ID = 'multicluster:karmada:policy';

const fields = karmadaPolicyInputSchema.innerType().shape;

/** A placement may come as data or as YAML/JSON text (e.g. a form's text area). */
function readPlacement(
  placement: KarmadaPolicyInput['placement'] | string,
): KarmadaPolicyInput['placement'] {
  if (typeof placement !== 'string') return placement;
  if (placement.trim() === '') return undefined;
  let documents: unknown[];
  try {
    documents = parseYamlDocuments(placement);
  } catch (error) {
    throw new InputError(
      `Invalid Karmada policy input: placement: ${(error as Error).message}`,
    );
  }
  if (documents.length !== 1) {
    throw new InputError(
      'Invalid Karmada policy input: placement: expected one YAML document',
    );
  }
  // Unchecked here: the generator validates the placement with the rest.
  return documents[0] as KarmadaPolicyInput['placement'];
}

/**
 * `multicluster:karmada:policy`: Karmada PropagationPolicy (or
 * ClusterPropagationPolicy) from a verbatim placement, with OverridePolicies
 * for per-cluster overrides and active-passive pairs, and failover.
 *
 * @public
 */
export function createKarmadaPolicyAction() {
  return createManifestAction({
    id: KARMADA_POLICY_ACTION_ID,
    description:
      'Generates Karmada (Cluster)PropagationPolicy and (Cluster)OverridePolicy manifests: verbatim placement, per-cluster replicas / image registries / plaintext overriders, active-passive pairs and application failover.',
    examples,
    input: karmadaPolicyInputSchema.innerType().extend({
      placement: z
        .union([fields.placement.unwrap(), z.string()])
        .optional()
        .describe(
          'Karmada spec.placement, verbatim (object, or YAML/JSON text); required unless activePassive is given',
        ),
      ...workspaceFields,
    }),
    output: manifestOutputFields,
    generate({ placement, ...rest }) {
      const manifests = generateKarmadaPolicies({
        ...rest,
        placement: readPlacement(placement),
      });
      return {
        manifests,
        singleFileName: `karmada-${rest.name}.yaml`,
        summary: paths =>
          `Wrote ${manifests
            .map(m => `${m.kind}/${m.metadata.name}`)
            .join(', ')} to ${paths}`,
      };
    },
  });
}

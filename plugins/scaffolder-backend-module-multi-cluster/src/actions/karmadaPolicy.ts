import { InputError } from '@backstage/errors';
import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import {
  generateKarmadaPolicies,
  KarmadaPolicyInput,
  parseYamlDocuments,
} from '@flotilla/plugin-multi-cluster-common';
import { examples } from './karmadaPolicy.examples';
import {
  commonInputDescriptions,
  generateOrThrow,
  withoutBlanks,
  writeManifests,
} from './util';

/**
 * ID of the Karmada policy action.
 *
 * @public
 */
export const KARMADA_POLICY_ACTION_ID = 'multicluster:karmada:policy';

/** A placement may come as data or as YAML/JSON text (e.g. a form's text area). */
function readPlacement(placement: unknown): unknown {
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
  return documents[0];
}

/**
 * `multicluster:karmada:policy`: Karmada PropagationPolicy (or
 * ClusterPropagationPolicy) from a verbatim placement, with OverridePolicies
 * for per-cluster overrides and active-passive pairs, and failover.
 *
 * @public
 */
export function createKarmadaPolicyAction() {
  return createTemplateAction({
    id: KARMADA_POLICY_ACTION_ID,
    description:
      'Generates Karmada (Cluster)PropagationPolicy and (Cluster)OverridePolicy manifests: verbatim placement, per-cluster replicas / image registries / plaintext overriders, active-passive pairs and application failover.',
    examples,
    supportsDryRun: true,
    schema: {
      input: z =>
        z.object({
          name: z.string().describe('Policy name (RFC 1123 label)'),
          namespace: z
            .string()
            .optional()
            .describe('Namespace of namespaced policies (default: default)'),
          clusterScoped: z
            .boolean()
            .optional()
            .describe('Emit ClusterPropagationPolicy / ClusterOverridePolicy'),
          resourceSelectors: z
            .array(
              z.object({
                apiVersion: z.string(),
                kind: z.string(),
                name: z.string().optional(),
                namespace: z.string().optional(),
                labelSelector: z
                  .object({
                    matchLabels: z.record(z.string()).optional(),
                    matchExpressions: z
                      .array(
                        z.object({
                          key: z.string(),
                          operator: z.string(),
                          values: z.array(z.string()).optional(),
                        }),
                      )
                      .optional(),
                  })
                  .optional(),
              }),
            )
            .describe('Resources the policies apply to'),
          placement: z
            .union([z.record(z.unknown()), z.string()])
            .optional()
            .describe(
              'Karmada spec.placement, verbatim (object, or YAML/JSON text); required unless activePassive is given',
            ),
          priority: z.number().int().optional(),
          preemption: z.enum(['Always', 'Never']).optional(),
          conflictResolution: z.enum(['Abort', 'Overwrite']).optional(),
          propagateDeps: z.boolean().optional(),
          overrides: z
            .object({
              replicas: z
                .record(z.number().int())
                .optional()
                .describe('Replicas per cluster name'),
              imageRegistry: z
                .record(z.string())
                .optional()
                .describe('Image registry per cluster name'),
              plaintext: z
                .array(
                  z.object({
                    clusters: z.array(z.string()).optional(),
                    clusterSelector: z.record(z.unknown()).optional(),
                    operator: z.enum(['add', 'remove', 'replace']),
                    path: z.string(),
                    value: z.unknown().optional(),
                  }),
                )
                .optional()
                .describe('JSON-patch style overriders'),
            })
            .optional()
            .describe(
              'Per-cluster overrides (an OverridePolicy <name>-overrides)',
            ),
          activePassive: z
            .object({
              primary: z.string(),
              standby: z.string(),
              replicas: z.number().int(),
            })
            .optional()
            .describe(
              'Active-passive pair: replicas on primary, standby scaled to 0',
            ),
          failover: z
            .object({
              application: z
                .object({
                  enabled: z.boolean().optional(),
                  tolerationSeconds: z.number().int().optional(),
                  purgeMode: z
                    .enum(['Directly', 'Gracefully', 'Never'])
                    .optional(),
                  gracePeriodSeconds: z.number().int().optional(),
                })
                .optional(),
              cluster: z
                .object({
                  purgeMode: z.enum(['Directly', 'Gracefully']).optional(),
                })
                .optional(),
            })
            .optional()
            .describe('spec.failover of the PropagationPolicy'),
          labels: z
            .record(z.string())
            .optional()
            .describe('Labels for the policies'),
          targetPath: z
            .string()
            .optional()
            .describe(commonInputDescriptions.targetPath),
          singleFile: z
            .boolean()
            .optional()
            .describe(commonInputDescriptions.singleFile),
        }),
      output: z =>
        z.object({
          manifest: z
            .string()
            .describe('The generated documents as one YAML text'),
          filePaths: z
            .array(z.string())
            .describe('Workspace-relative paths of the files written'),
        }),
    },
    async handler(ctx) {
      const { targetPath, singleFile, placement, ...rest } = withoutBlanks(
        ctx.input,
      );
      const input = {
        ...rest,
        placement: readPlacement(placement),
      } as unknown as KarmadaPolicyInput;
      const manifests = generateOrThrow(() => generateKarmadaPolicies(input));
      const written = await writeManifests({
        workspacePath: ctx.workspacePath,
        manifests,
        targetPath,
        singleFile,
        singleFileName: `karmada-${rest.name}.yaml`,
      });
      ctx.logger.info(
        `${ctx.isDryRun ? '[dry run] ' : ''}Wrote ${manifests
          .map(m => `${m.kind}/${m.metadata.name}`)
          .join(', ')} to ${written.filePaths.join(', ')}`,
      );
      ctx.output('manifest', written.manifest);
      ctx.output('filePaths', written.filePaths);
    },
  });
}

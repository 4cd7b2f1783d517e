import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import {
  generateMcsServiceExport,
  McsServiceInput,
} from '@flotilla/plugin-multi-cluster-common';
import { examples } from './mcsExport.examples';
import {
  commonInputDescriptions,
  generateOrThrow,
  withoutBlanks,
  writeManifests,
} from './util';

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
  return createTemplateAction({
    id: MCS_EXPORT_ACTION_ID,
    description:
      'Generates Multi-Cluster Services API ServiceExport and ServiceImport manifests (and, with karmada, the PropagationPolicies placing them).',
    examples,
    supportsDryRun: true,
    schema: {
      input: z =>
        z.object({
          name: z.string().describe('Name of the Service to export'),
          namespace: z
            .string()
            .optional()
            .describe('Namespace (default: default)'),
          apiVersion: z
            .enum(['v1beta1', 'v1alpha1'])
            .optional()
            .describe('MCS API version (default v1beta1)'),
          export: z
            .boolean()
            .optional()
            .describe('Emit a ServiceExport (default true)'),
          exportedLabels: z.record(z.string()).optional(),
          exportedAnnotations: z.record(z.string()).optional(),
          import: z
            .object({
              type: z.enum(['ClusterSetIP', 'Headless']).optional(),
              ports: z.array(
                z.object({
                  name: z.string().optional(),
                  port: z.number().int(),
                  protocol: z.enum(['TCP', 'UDP', 'SCTP']).optional(),
                  appProtocol: z.string().optional(),
                }),
              ),
              sessionAffinity: z.enum(['None', 'ClientIP']).optional(),
            })
            .optional()
            .describe('Emit a ServiceImport with these ports'),
          karmada: z
            .object({
              exportClusters: z.array(z.string()),
              importClusters: z.array(z.string()),
            })
            .optional()
            .describe(
              'Karmada member clusters to propagate the ServiceExport / ServiceImport to',
            ),
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
      const { targetPath, singleFile, ...input } = withoutBlanks(ctx.input);
      const manifests = generateOrThrow(() =>
        generateMcsServiceExport(input as unknown as McsServiceInput),
      );
      const written = await writeManifests({
        workspacePath: ctx.workspacePath,
        manifests,
        targetPath,
        singleFile,
        singleFileName: `mcs-${input.name}.yaml`,
      });
      ctx.logger.info(
        `${ctx.isDryRun ? '[dry run] ' : ''}Wrote ${manifests
          .map(m => m.kind)
          .join(', ')} for ${input.name} to ${written.filePaths.join(', ')}`,
      );
      ctx.output('manifest', written.manifest);
      ctx.output('filePaths', written.filePaths);
    },
  });
}

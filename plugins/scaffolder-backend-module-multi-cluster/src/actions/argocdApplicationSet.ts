import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import {
  ApplicationSetInput,
  generateApplicationSet,
} from '@flotilla/plugin-multi-cluster-common';
import { examples } from './argocdApplicationSet.examples';
import {
  commonInputDescriptions,
  generateOrThrow,
  withoutBlanks,
  writeManifests,
} from './util';

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
  return createTemplateAction({
    id: ARGOCD_APPLICATIONSET_ACTION_ID,
    description:
      'Generates an Argo CD ApplicationSet (clusters, list or matrix generator, automated sync) deploying a Git path or Helm chart to many clusters.',
    examples,
    supportsDryRun: true,
    schema: {
      input: z => {
        const leafGenerator = z.union([
          z.object({
            type: z.literal('clusters'),
            selector: z
              .record(z.unknown())
              .optional()
              .describe('Label selector over Argo CD cluster secrets'),
            values: z.record(z.string()).optional(),
          }),
          z.object({
            type: z.literal('list'),
            elements: z
              .array(z.record(z.string()))
              .describe('One element per Application'),
          }),
        ]);
        return z.object({
          name: z.string().describe('ApplicationSet name (RFC 1123 label)'),
          namespace: z
            .string()
            .optional()
            .describe('Argo CD namespace (default: argocd)'),
          project: z
            .string()
            .optional()
            .describe('Argo CD project (default: default)'),
          source: z
            .object({
              repoURL: z
                .string()
                .describe('Git repository or Helm chart repository URL'),
              targetRevision: z
                .string()
                .optional()
                .describe(
                  'Branch, tag, commit or chart version (default HEAD)',
                ),
              path: z.string().optional().describe('Path in a Git repository'),
              chart: z
                .string()
                .optional()
                .describe('Chart name in a Helm repository'),
              helm: z
                .object({
                  releaseName: z.string().optional(),
                  valueFiles: z.array(z.string()).optional(),
                  values: z.record(z.unknown()).optional(),
                })
                .optional(),
            })
            .describe('What to deploy'),
          destinationNamespace: z
            .string()
            .describe('Namespace in each cluster'),
          generator: z
            .union([
              leafGenerator,
              z.object({
                type: z.literal('matrix'),
                generators: z
                  .array(leafGenerator)
                  .describe('Exactly two generators'),
              }),
            ])
            .describe('clusters, list or matrix generator'),
          applicationName: z
            .string()
            .optional()
            .describe('Go template of the Application names'),
          syncPolicy: z
            .object({
              automated: z.boolean().optional(),
              prune: z.boolean().optional(),
              selfHeal: z.boolean().optional(),
              createNamespace: z.boolean().optional(),
              serverSideApply: z.boolean().optional(),
              retryLimit: z.number().int().optional(),
            })
            .optional()
            .describe(
              'Sync policy (automated, prune and self-heal by default)',
            ),
          labels: z.record(z.string()).optional(),
          targetPath: z
            .string()
            .optional()
            .describe(commonInputDescriptions.targetPath),
          singleFile: z
            .boolean()
            .optional()
            .describe(commonInputDescriptions.singleFile),
        });
      },
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
        generateApplicationSet(input as unknown as ApplicationSetInput),
      );
      const written = await writeManifests({
        workspacePath: ctx.workspacePath,
        manifests,
        targetPath,
        singleFile,
        singleFileName: `argocd-${input.name}.yaml`,
      });
      ctx.logger.info(
        `${ctx.isDryRun ? '[dry run] ' : ''}Wrote ApplicationSet ${
          input.name
        } to ${written.filePaths.join(', ')}`,
      );
      ctx.output('manifest', written.manifest);
      ctx.output('filePaths', written.filePaths);
    },
  });
}

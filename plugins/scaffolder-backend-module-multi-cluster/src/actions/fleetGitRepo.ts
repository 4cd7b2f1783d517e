import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import {
  FleetGitRepoInput,
  generateFleetGitRepo,
  toYamlDocument,
} from '@flotilla/plugin-multi-cluster-common';
import { examples } from './fleetGitRepo.examples';
import {
  commonInputDescriptions,
  generateOrThrow,
  withoutBlanks,
  writeManifests,
} from './util';

/**
 * ID of the Fleet GitRepo action.
 *
 * @public
 */
export const FLEET_GITREPO_ACTION_ID = 'multicluster:fleet:gitrepo';

/**
 * `multicluster:fleet:gitrepo`: a Rancher Fleet GitRepo with cluster-selector
 * targets, plus the fleet.yaml carrying per-target overrides.
 *
 * @public
 */
export function createFleetGitRepoAction() {
  return createTemplateAction({
    id: FLEET_GITREPO_ACTION_ID,
    description:
      'Generates a Rancher Fleet GitRepo (targets by cluster selector, group or name) and, for per-target overrides, the fleet.yaml with targetCustomizations for the bundle folder.',
    examples,
    supportsDryRun: true,
    schema: {
      input: z =>
        z.object({
          name: z.string().describe('GitRepo name (RFC 1123 label)'),
          namespace: z
            .string()
            .optional()
            .describe('Fleet workspace namespace (default: fleet-default)'),
          repo: z.string().describe('Git repository URL'),
          branch: z.string().optional(),
          revision: z.string().optional(),
          paths: z
            .array(z.string())
            .optional()
            .describe('Bundle folders in the repository'),
          targetNamespace: z.string().optional(),
          defaultNamespace: z
            .string()
            .optional()
            .describe('fleet.yaml defaultNamespace'),
          helmValues: z
            .record(z.unknown())
            .optional()
            .describe('fleet.yaml helm.values for every target'),
          helmChart: z
            .object({
              chart: z.string(),
              repo: z.string().optional(),
              version: z.string().optional(),
              releaseName: z.string().optional(),
            })
            .optional()
            .describe('Helm chart the bundle deploys (fleet.yaml helm)'),
          pollingInterval: z
            .string()
            .optional()
            .describe('Go duration such as 1m'),
          correctDrift: z
            .boolean()
            .optional()
            .describe('Correct drift (default true)'),
          targets: z
            .array(
              z.object({
                name: z.string(),
                clusterSelector: z.record(z.unknown()).optional(),
                clusterGroup: z.string().optional(),
                clusterName: z.string().optional(),
                overrides: z
                  .object({
                    helmValues: z.record(z.unknown()).optional(),
                    namespace: z.string().optional(),
                    kustomizeDir: z.string().optional(),
                    yamlOverlays: z.array(z.string()).optional(),
                    doNotDeploy: z.boolean().optional(),
                  })
                  .optional()
                  .describe(
                    'Per-target overrides (fleet.yaml targetCustomizations)',
                  ),
              }),
            )
            .describe('Targets'),
          labels: z.record(z.string()).optional(),
          targetPath: z
            .string()
            .optional()
            .describe(commonInputDescriptions.targetPath),
          fleetYamlPath: z
            .string()
            .optional()
            .describe(
              'Folder for fleet.yaml (the bundle folder; default: targetPath). Keep the GitRepo out of the bundle folder.',
            ),
          singleFile: z
            .boolean()
            .optional()
            .describe(commonInputDescriptions.singleFile),
        }),
      output: z =>
        z.object({
          manifest: z.string().describe('The GitRepo as YAML text'),
          fleetYaml: z
            .string()
            .optional()
            .describe('The fleet.yaml text, when one was written'),
          filePaths: z
            .array(z.string())
            .describe('Workspace-relative paths of the files written'),
        }),
    },
    async handler(ctx) {
      const { targetPath, singleFile, fleetYamlPath, ...input } = withoutBlanks(
        ctx.input,
      );
      const result = generateOrThrow(() =>
        generateFleetGitRepo(input as unknown as FleetGitRepoInput),
      );
      const written = await writeManifests({
        workspacePath: ctx.workspacePath,
        manifests: result.manifests,
        targetPath,
        singleFile,
        singleFileName: `fleet-${input.name}.yaml`,
        auxiliaryFiles: result.fleetYaml ? [result.fleetYaml] : [],
        auxiliaryPath: fleetYamlPath,
      });
      ctx.logger.info(
        `${ctx.isDryRun ? '[dry run] ' : ''}Wrote GitRepo ${input.name}${
          result.fleetYaml ? ' and fleet.yaml' : ''
        } to ${written.filePaths.join(', ')}`,
      );
      ctx.output('manifest', written.manifest);
      if (result.fleetYaml) {
        ctx.output('fleetYaml', toYamlDocument(result.fleetYaml.content));
      }
      ctx.output('filePaths', written.filePaths);
    },
  });
}

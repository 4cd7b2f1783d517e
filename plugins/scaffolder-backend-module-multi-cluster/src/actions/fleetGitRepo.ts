import {
  fleetGitRepoInputSchema,
  generateFleetGitRepo,
  toYamlDocument,
} from '@flotilla/plugin-multi-cluster-common';
import { z } from 'zod';
import { examples } from './fleetGitRepo.examples';
import {
  createManifestAction,
  manifestOutputFields,
  workspaceFields,
} from './shared/manifestAction';

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
  return createManifestAction({
    id: FLEET_GITREPO_ACTION_ID,
    description:
      'Generates a Rancher Fleet GitRepo (targets by cluster selector, group or name) and, for per-target overrides, the fleet.yaml with targetCustomizations for the bundle folder.',
    examples,
    input: fleetGitRepoInputSchema.innerType().extend({
      targetPath: workspaceFields.targetPath,
      fleetYamlPath: z
        .string()
        .optional()
        .describe(
          'Folder for fleet.yaml (the bundle folder; default: targetPath). Keep the GitRepo out of the bundle folder.',
        ),
      singleFile: workspaceFields.singleFile,
    }),
    output: {
      manifest: z.string().describe('The GitRepo as YAML text'),
      fleetYaml: z
        .string()
        .optional()
        .describe('The fleet.yaml text, when one was written'),
      filePaths: manifestOutputFields.filePaths,
    },
    generate({ fleetYamlPath, ...input }) {
      const { manifests, fleetYaml } = generateFleetGitRepo(input);
      return {
        manifests,
        singleFileName: `fleet-${input.name}.yaml`,
        auxiliaryFiles: fleetYaml ? [fleetYaml] : [],
        auxiliaryPath: fleetYamlPath,
        fleetYaml: fleetYaml && toYamlDocument(fleetYaml.content),
        summary: paths =>
          `Wrote GitRepo ${input.name}${
            fleetYaml ? ' and fleet.yaml' : ''
          } to ${paths}`,
      };
    },
  });
}

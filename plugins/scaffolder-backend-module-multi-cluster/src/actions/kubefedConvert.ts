import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import { convertKubefedResource } from '@flotilla/plugin-multi-cluster-common';
import { examples } from './kubefedConvert.examples';
import {
  commonInputDescriptions,
  generateOrThrow,
  withoutBlanks,
  writeManifests,
} from './util';

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
  return createTemplateAction({
    id: KUBEFED_CONVERT_ACTION_ID,
    description:
      'Converts a kubefed types.kubefed.io/v1beta1 FederatedDeployment (or other Federated* object) into the plain resource, a Karmada PropagationPolicy and an OverridePolicy.',
    examples,
    supportsDryRun: true,
    schema: {
      input: z =>
        z.object({
          federated: z
            .union([z.string(), z.record(z.unknown())])
            .describe(
              'The Federated* object, as YAML/JSON text or as an object',
            ),
          namespace: z
            .string()
            .optional()
            .describe("Namespace for the output (default: the object's own)"),
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
          warnings: z
            .array(z.string())
            .describe('Conversion notes worth a look'),
        }),
    },
    async handler(ctx) {
      const { targetPath, singleFile, federated, namespace } = withoutBlanks(
        ctx.input,
      );
      const result = generateOrThrow(() =>
        convertKubefedResource({
          federated: federated as string | Record<string, unknown>,
          namespace,
        }),
      );
      const name = result.manifests[0].metadata.name;
      const written = await writeManifests({
        workspacePath: ctx.workspacePath,
        manifests: result.manifests,
        targetPath,
        singleFile,
        singleFileName: `kubefed-${name}.yaml`,
      });
      for (const warning of result.warnings) ctx.logger.warn(warning);
      ctx.logger.info(
        `${
          ctx.isDryRun ? '[dry run] ' : ''
        }Converted ${name}: wrote ${written.filePaths.join(', ')}`,
      );
      ctx.output('manifest', written.manifest);
      ctx.output('filePaths', written.filePaths);
      ctx.output('warnings', result.warnings);
    },
  });
}

/**
 * The shape every manifest action shares: take common's input schema,
 * drop the blanks a form left, generate, write the files into the
 * workspace (also in a dry run: the Scaffolder gives it a scratch
 * workspace), log what was written and set the outputs.
 */
import {
  createTemplateAction,
  TemplateExample,
} from '@backstage/plugin-scaffolder-node';
import {
  AuxiliaryManifestFile,
  KubernetesManifest,
} from '@flotilla/plugin-multi-cluster-common';
import { z } from 'zod';
import { withoutBlanks } from './blanks';
import { generateOrThrow } from './generateOrThrow';
import { withPublishedInputSchema } from './publishedInputSchema';
import { scaffolderSchema } from './scaffolderSchema';
import { writeManifests } from './writeManifests';

/** Where an action writes: input fields of every manifest action. */
export const workspaceFields = {
  targetPath: z
    .string()
    .optional()
    .describe(
      'Folder in the workspace to write to (relative; default: the workspace root). Paths leaving the workspace are rejected.',
    ),
  singleFile: z
    .boolean()
    .optional()
    .describe(
      'Write one multi-document YAML file instead of one file per document (<kind>-<name>.yaml).',
    ),
};

/** The outputs of every manifest action. */
export const manifestOutputFields = {
  manifest: z.string().describe('The generated documents as one YAML text'),
  filePaths: z
    .array(z.string())
    .describe('Workspace-relative paths of the files written'),
};

type WorkspaceInput = z.input<z.ZodObject<typeof workspaceFields>>;

/** What an action's generator made of the input. */
export interface GeneratedFiles {
  manifests: KubernetesManifest[];
  /** File name of the `singleFile` file. */
  singleFileName: string;
  /** Non-Kubernetes files (fleet.yaml), and the folder for them. */
  auxiliaryFiles?: AuxiliaryManifestFile[];
  auxiliaryPath?: string;
  /** Conversion notes, logged as warnings and output as `warnings`. */
  warnings?: string[];
  /** The fleet.yaml text, output as `fleetYaml`. */
  fleetYaml?: string;
  /** The log line, given the paths written. */
  summary(paths: string): string;
}

/** Options of {@link createManifestAction}. */
export interface ManifestActionOptions<
  TInput extends z.ZodType<unknown, z.ZodTypeDef, WorkspaceInput>,
  TOutput extends z.ZodRawShape,
> {
  id: string;
  description: string;
  examples: TemplateExample[];
  /** Common's input schema with {@link workspaceFields} added. */
  input: TInput;
  /** {@link manifestOutputFields} and the action's other outputs. */
  output: TOutput;
  /** Gets the step's input as given, without the blanks and workspace fields. */
  generate(input: Omit<z.input<TInput>, keyof WorkspaceInput>): GeneratedFiles;
}

/** A Scaffolder action that writes generated manifests (see the file comment). */
export function createManifestAction<
  TInput extends z.ZodType<unknown, z.ZodTypeDef, WorkspaceInput>,
  TOutput extends z.ZodRawShape,
>(options: ManifestActionOptions<TInput, TOutput>) {
  const action = createTemplateAction({
    id: options.id,
    description: options.description,
    examples: options.examples,
    supportsDryRun: true,
    schema: {
      input: zImpl => scaffolderSchema(zImpl, options.input),
      output: zImpl => scaffolderSchema(zImpl, z.object(options.output)),
    },
    async handler(ctx) {
      const { targetPath, singleFile, ...input } = withoutBlanks(ctx.input);
      const generated = generateOrThrow(() => options.generate(input));
      const written = await writeManifests({
        workspacePath: ctx.workspacePath,
        manifests: generated.manifests,
        targetPath,
        singleFile,
        singleFileName: generated.singleFileName,
        auxiliaryFiles: generated.auxiliaryFiles,
        auxiliaryPath: generated.auxiliaryPath,
      });
      for (const warning of generated.warnings ?? []) ctx.logger.warn(warning);
      ctx.logger.info(
        `${ctx.isDryRun ? '[dry run] ' : ''}${generated.summary(
          written.filePaths.join(', '),
        )}`,
      );
      const output = ctx.output as (name: string, value: unknown) => void;
      output('manifest', written.manifest);
      if (generated.fleetYaml) output('fleetYaml', generated.fleetYaml);
      output('filePaths', written.filePaths);
      if (generated.warnings) output('warnings', generated.warnings);
    },
  });
  return withPublishedInputSchema(action);
}

/**
 * What every action shares: turning generator errors into InputErrors, and
 * writing the generated documents into the workspace only after everything
 * (input, file names, target paths) has been checked.
 */
import { resolveSafeChildPath } from '@backstage/backend-plugin-api';
import { InputError } from '@backstage/errors';
import {
  AuxiliaryManifestFile,
  KubernetesManifest,
  ManifestInputError,
  manifestsToYaml,
  renderManifestFiles,
} from '@flotilla/plugin-multi-cluster-common';
import { promises as fs } from 'fs';
import path from 'path';

/** Runs a generator; invalid input becomes an InputError with the same message. */
export function generateOrThrow<T>(generate: () => T): T {
  try {
    return generate();
  } catch (error) {
    if (error instanceof ManifestInputError) {
      throw new InputError(error.message);
    }
    throw error;
  }
}

/** Options of {@link writeManifests}. */
export interface WriteManifestsOptions {
  workspacePath: string;
  manifests: KubernetesManifest[];
  /** Folder inside the workspace (default: the workspace root). */
  targetPath?: string;
  /** Write one multi-document file instead of one file per document. */
  singleFile?: boolean;
  /** File name used with `singleFile`. */
  singleFileName: string;
  /** Non-Kubernetes files, always written on their own (e.g. fleet.yaml). */
  auxiliaryFiles?: AuxiliaryManifestFile[];
  /** Folder for the auxiliary files (default: `targetPath`). */
  auxiliaryPath?: string;
}

/** What {@link writeManifests} wrote. */
export interface WrittenManifests {
  /** All Kubernetes documents as one multi-document YAML text. */
  manifest: string;
  /** Workspace-relative POSIX paths of the files written. */
  filePaths: string[];
}

/**
 * Renders and writes the manifests. Every file name and path is computed
 * and checked (no traversal out of the workspace, no duplicates) before the
 * first file is written.
 */
export async function writeManifests(
  options: WriteManifestsOptions,
): Promise<WrittenManifests> {
  const targetPath = checkedFolder('targetPath', options.targetPath);
  const auxiliaryPath =
    options.auxiliaryPath === undefined
      ? targetPath
      : checkedFolder('fleetYamlPath', options.auxiliaryPath);
  const render = (
    manifests: KubernetesManifest[],
    auxiliaryFiles: AuxiliaryManifestFile[],
    singleFileName?: string,
  ) => {
    try {
      return renderManifestFiles(manifests, { singleFileName, auxiliaryFiles });
    } catch (error) {
      throw new InputError((error as Error).message);
    }
  };
  const groups = [
    {
      folder: targetPath,
      what: 'targetPath',
      files: render(
        options.manifests,
        auxiliaryPath === targetPath ? options.auxiliaryFiles ?? [] : [],
        options.singleFile ? options.singleFileName : undefined,
      ),
    },
    {
      folder: auxiliaryPath,
      what: 'fleetYamlPath',
      files:
        auxiliaryPath === targetPath
          ? []
          : render([], options.auxiliaryFiles ?? []),
    },
  ];

  const planned: Array<{
    absolute: string;
    relative: string;
    content: string;
  }> = [];
  for (const group of groups) {
    for (const file of group.files) {
      let absolute: string;
      try {
        absolute = resolveSafeChildPath(
          options.workspacePath,
          path.join(group.folder, file.fileName),
        );
      } catch {
        throw new InputError(
          `${group.what} ${JSON.stringify(
            group.folder,
          )} points outside the workspace`,
        );
      }
      const relative = path
        .relative(options.workspacePath, absolute)
        .split(path.sep)
        .join('/');
      if (planned.some(p => p.relative === relative)) {
        throw new InputError(
          `Two generated files would both be written to ${relative}`,
        );
      }
      planned.push({ absolute, relative, content: file.content });
    }
  }

  for (const file of planned) {
    await fs.mkdir(path.dirname(file.absolute), { recursive: true });
    await fs.writeFile(file.absolute, file.content, 'utf8');
  }
  return {
    manifest: manifestsToYaml(options.manifests),
    filePaths: planned.map(file => file.relative),
  };
}

function checkedFolder(what: string, folder: unknown): string {
  const value = folder ?? '.';
  if (typeof value !== 'string' || /[\0\n\r]/.test(value)) {
    throw new InputError(`${what} must be a single-line relative path`);
  }
  if (path.isAbsolute(value)) {
    throw new InputError(
      `${what} ${JSON.stringify(value)} must be relative to the workspace`,
    );
  }
  return value;
}

/** Keys whose values are user data and are passed through untouched. */
const VERBATIM_KEYS = new Set([
  'values',
  'helmValues',
  'placement',
  'federated',
  'value',
  'policy',
  'labels',
  'annotations',
  'exportedLabels',
  'exportedAnnotations',
  'elements',
  'variables',
  'matchLabels',
]);

function stripBlanks(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripBlanks);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (VERBATIM_KEYS.has(key)) {
      if (child !== null && child !== undefined) out[key] = child;
      continue;
    }
    const stripped = stripBlanks(child);
    const emptyObject =
      stripped !== null &&
      typeof stripped === 'object' &&
      !Array.isArray(stripped) &&
      Object.keys(stripped).length === 0 &&
      Object.keys(child as object).length > 0;
    if (
      stripped === null ||
      stripped === '' ||
      stripped === undefined ||
      emptyObject
    ) {
      continue;
    }
    out[key] = stripped;
  }
  return out;
}

/**
 * Form-driven templates pass `null` or `''` for fields the user left blank
 * (and whole option objects made only of such fields). The actions treat
 * them as absent; user data (labels, Helm values, placement, ...) is kept
 * as given.
 */
export function withoutBlanks<T extends Record<string, unknown>>(input: T): T {
  return stripBlanks(input) as T;
}

/** Shared zod fragments of the action input schemas (scaffolder's zod). */
export const commonInputDescriptions = {
  targetPath:
    'Folder in the workspace to write to (relative; default: the workspace root). Paths leaving the workspace are rejected.',
  singleFile:
    'Write one multi-document YAML file instead of one file per document (<kind>-<name>.yaml).',
};

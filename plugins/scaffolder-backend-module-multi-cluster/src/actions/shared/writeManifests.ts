/**
 * Writes the generated documents into the workspace only after everything
 * (file names, target paths) has been checked: no traversal out of the
 * workspace, no two files on one path.
 */
import { resolveSafeChildPath } from '@backstage/backend-plugin-api';
import { InputError } from '@backstage/errors';
import {
  AuxiliaryManifestFile,
  KubernetesManifest,
  manifestsToYaml,
  renderManifestFiles,
} from '@flotilla/plugin-multi-cluster-common';
import { promises as fs } from 'fs';
import path from 'path';

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

/** The files of one folder, and the input field that named the folder. */
interface FileGroup {
  folder: string;
  what: string;
  files: Array<{ fileName: string; content: string }>;
}

interface PlannedFile {
  absolute: string;
  relative: string;
  content: string;
}

/**
 * Renders and writes the manifests. Every file name and path is computed
 * and checked before the first file is written.
 */
export async function writeManifests(
  options: WriteManifestsOptions,
): Promise<WrittenManifests> {
  const planned = planFiles(options.workspacePath, fileGroups(options));
  for (const file of planned) {
    await fs.mkdir(path.dirname(file.absolute), { recursive: true });
    await fs.writeFile(file.absolute, file.content, 'utf8');
  }
  return {
    manifest: manifestsToYaml(options.manifests),
    filePaths: planned.map(file => file.relative),
  };
}

function render(
  manifests: KubernetesManifest[],
  auxiliaryFiles: AuxiliaryManifestFile[],
  singleFileName?: string,
) {
  try {
    return renderManifestFiles(manifests, { singleFileName, auxiliaryFiles });
  } catch (error) {
    throw new InputError((error as Error).message);
  }
}

/** The manifests in `targetPath`; the auxiliary files there or in their own folder. */
function fileGroups(options: WriteManifestsOptions): FileGroup[] {
  const targetPath = checkedFolder('targetPath', options.targetPath);
  const auxiliaryPath =
    options.auxiliaryPath === undefined
      ? targetPath
      : checkedFolder('fleetYamlPath', options.auxiliaryPath);
  const together = auxiliaryPath === targetPath;
  const auxiliaryFiles = options.auxiliaryFiles ?? [];
  return [
    {
      folder: targetPath,
      what: 'targetPath',
      files: render(
        options.manifests,
        together ? auxiliaryFiles : [],
        options.singleFile ? options.singleFileName : undefined,
      ),
    },
    {
      folder: auxiliaryPath,
      what: 'fleetYamlPath',
      files: together ? [] : render([], auxiliaryFiles),
    },
  ];
}

function planFiles(workspacePath: string, groups: FileGroup[]): PlannedFile[] {
  const planned: PlannedFile[] = [];
  for (const group of groups) {
    for (const file of group.files) {
      const absolute = insideWorkspace(workspacePath, group, file.fileName);
      const relative = path
        .relative(workspacePath, absolute)
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
  return planned;
}

function insideWorkspace(
  workspacePath: string,
  group: FileGroup,
  fileName: string,
): string {
  try {
    return resolveSafeChildPath(
      workspacePath,
      path.join(group.folder, fileName),
    );
  } catch {
    throw new InputError(
      `${group.what} ${JSON.stringify(
        group.folder,
      )} points outside the workspace`,
    );
  }
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

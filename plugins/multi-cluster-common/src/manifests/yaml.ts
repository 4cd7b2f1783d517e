/**
 * Serialising generated objects. Everything goes through the `yaml`
 * library (never string templates), using the YAML 1.1 rules that
 * Kubernetes' own parser (sigs.k8s.io/yaml, go-yaml v2) applies, so strings
 * such as `on`, `yes`, `0600` or `1e3` are quoted and stay strings.
 */
import { parseAllDocuments, parseDocument, stringify } from 'yaml';
import { AuxiliaryManifestFile, KubernetesManifest } from './types';
import { rfc1123SubdomainError } from './validation/names';

const STRINGIFY_OPTIONS = {
  version: '1.1',
  // Never fold long lines (keeps values byte-identical).
  lineWidth: 0,
  minContentWidth: 0,
  // Never emit anchors/aliases when an object is reused.
  aliasDuplicateObjects: false,
} as const;

/**
 * Serialises one document (object) to YAML text ending with a newline.
 *
 * @public
 */
export function toYamlDocument(document: unknown): string {
  return stringify(document, STRINGIFY_OPTIONS);
}

/**
 * Serialises documents as one multi-document YAML stream (`---` separated).
 *
 * @public
 */
export function toYamlDocuments(documents: ReadonlyArray<unknown>): string {
  return documents.map(doc => `---\n${toYamlDocument(doc)}`).join('');
}

/**
 * Serialises generated Kubernetes manifests as a multi-document stream.
 *
 * @public
 */
export function manifestsToYaml(
  manifests: ReadonlyArray<KubernetesManifest>,
): string {
  return toYamlDocuments(manifests);
}

/**
 * The file name of a manifest: `<kind>-<name>.yaml`, lowercased. The name is
 * checked again here so that a file name can never carry a path.
 *
 * @public
 */
export function manifestFileName(manifest: KubernetesManifest): string {
  const name = manifest.metadata?.name;
  const problem =
    typeof name === 'string' ? rfc1123SubdomainError(name) : 'is missing';
  if (problem || !/^[A-Za-z][A-Za-z0-9]*$/.test(manifest.kind)) {
    throw new Error(
      `Refusing to name a file after ${manifest.kind} ${JSON.stringify(
        name,
      )}: metadata.name ${problem ?? 'ok'}`,
    );
  }
  return `${manifest.kind}-${name}.yaml`.toLowerCase();
}

/**
 * One file to write: its name and its YAML text.
 *
 * @public
 */
export interface RenderedManifestFile {
  fileName: string;
  content: string;
}

/**
 * Renders manifests to files: one file per document named by
 * {@link manifestFileName}, or (with `singleFileName`) one multi-document
 * file. Auxiliary files are always written as their own file. Throws when two
 * files would get the same name.
 *
 * @public
 */
export function renderManifestFiles(
  manifests: ReadonlyArray<KubernetesManifest>,
  options: {
    singleFileName?: string;
    auxiliaryFiles?: ReadonlyArray<AuxiliaryManifestFile>;
  } = {},
): RenderedManifestFile[] {
  const files: RenderedManifestFile[] = options.singleFileName
    ? [
        {
          fileName: options.singleFileName,
          content: manifestsToYaml(manifests),
        },
      ]
    : manifests.map(manifest => ({
        fileName: manifestFileName(manifest),
        content: toYamlDocument(manifest),
      }));
  for (const aux of options.auxiliaryFiles ?? []) {
    files.push({
      fileName: aux.fileName,
      content: toYamlDocument(aux.content),
    });
  }
  const seen = new Set<string>();
  for (const file of files) {
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(file.fileName)) {
      throw new Error(
        `Refusing to write a file named ${JSON.stringify(file.fileName)}`,
      );
    }
    if (seen.has(file.fileName)) {
      throw new Error(
        `Two generated documents would both be written to ${file.fileName}`,
      );
    }
    seen.add(file.fileName);
  }
  return files;
}

/**
 * Parses a (multi-document) YAML stream with Kubernetes' YAML 1.1 rules;
 * empty documents are skipped. Throws on syntax errors.
 *
 * @public
 */
export function parseYamlDocuments(text: string): unknown[] {
  const documents = parseAllDocuments(text, { version: '1.1' });
  const list = Array.isArray(documents) ? documents : [documents];
  const out: unknown[] = [];
  for (const doc of list) {
    if (doc.errors.length > 0) {
      throw new Error(`Invalid YAML: ${doc.errors[0].message}`);
    }
    const value = doc.toJS({ maxAliasCount: 100 });
    if (value !== null && value !== undefined) out.push(value);
  }
  return out;
}

/**
 * Parses one YAML document (YAML 1.2, so JSON is read as JSON): an
 * annotation's value, a kubeconfig, a form field. An empty document is
 * `undefined`. Throws on syntax errors and on more than one document.
 * The one reader of single YAML documents of the suite (streams of
 * manifests: {@link parseYamlDocuments}).
 *
 * @public
 */
export function parseYamlDocument(text: string): unknown {
  const doc = parseDocument(text);
  // The parser's own error, as `yaml`'s `parse` throws it.
  if (doc.errors.length > 0) throw doc.errors[0];
  if (doc.contents === null) return undefined;
  return doc.toJS({ maxAliasCount: 100 });
}

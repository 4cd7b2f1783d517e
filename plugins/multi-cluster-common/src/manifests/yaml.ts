/**
 * Serialising generated objects. Everything goes through the `yaml`
 * library (never string templates), using the YAML 1.1 rules that
 * Kubernetes' own parser (sigs.k8s.io/yaml, go-yaml v2) applies, so strings
 * such as `on`, `yes`, `0600` or `1e3` are quoted and stay strings.
 */
import {
  Document,
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  Node,
  parseAllDocuments,
  parseDocument,
  stringify,
} from 'yaml';
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
 * `manifestFileName`, or (with `singleFileName`) one multi-document
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
 * Nodes a document may add through aliases. Aliases share nodes, so a short
 * text can stand for a huge one: 61 kB of nested aliases is 8 MB as JSON.
 */
const MAX_ALIASED_NODES = 10_000;

const CORE_TAG = 'tag:yaml.org,2002:';
/** Explicit tags with a meaning in a Kubernetes manifest (the JSON types). */
const KNOWN_TAGS = new Set(
  ['str', 'int', 'float', 'bool', 'null', 'map', 'seq'].map(
    name => `${CORE_TAG}${name}`,
  ),
);

/**
 * Refuses what the parser would accept but a manifest cannot mean: a tag
 * other than the JSON types (`!!binary`, `!!set`, `!custom`: a reader would
 * turn them into a Buffer, `{}` or drop them), and aliases that expand past
 * {@link MAX_ALIASED_NODES}. The message names the line.
 */
function checkNodes(document: Document, lines: LineCounter): void {
  const expandedSize = new Map<Node, number>();
  let aliased = 0;
  const lineOf = (node: Node) =>
    node.range ? lines.linePos(node.range[0]).line : 0;
  const sizeOf = (node: unknown): number => {
    if (isPair(node)) return sizeOf(node.key) + sizeOf(node.value);
    if (!node || typeof node !== 'object') return 0;
    const yamlNode = node as Node;
    const known = expandedSize.get(yamlNode);
    if (known !== undefined) return known;
    if (isAlias(yamlNode)) {
      const size = sizeOf(yamlNode.resolve(document));
      aliased += size;
      if (aliased > MAX_ALIASED_NODES) {
        throw new Error(
          `line ${lineOf(
            yamlNode,
          )}: YAML aliases expand to more than ${MAX_ALIASED_NODES} nodes`,
        );
      }
      return size;
    }
    if (yamlNode.tag && !KNOWN_TAGS.has(yamlNode.tag)) {
      throw new Error(
        `line ${lineOf(yamlNode)}: YAML tag ${yamlNode.tag.replace(
          CORE_TAG,
          '!!',
        )} is not supported in a manifest`,
      );
    }
    let size = 1;
    if (isMap(yamlNode) || isSeq(yamlNode)) {
      for (const item of yamlNode.items) size += sizeOf(item);
    } else if (!isScalar(yamlNode)) {
      return size;
    }
    expandedSize.set(yamlNode, size);
    return size;
  };
  sizeOf(document.contents);
}

/**
 * Parses a (multi-document) YAML stream with Kubernetes' YAML 1.1 rules;
 * empty documents are skipped. Throws on syntax errors, on tags other than
 * the JSON types and on aliases that expand too far, naming the line.
 *
 * @public
 */
export function parseYamlDocuments(text: string): unknown[] {
  const lines = new LineCounter();
  const documents = parseAllDocuments(text, {
    version: '1.1',
    lineCounter: lines,
  });
  const list = Array.isArray(documents) ? documents : [documents];
  const out: unknown[] = [];
  for (const doc of list) {
    if (doc.errors.length > 0) {
      throw new Error(`Invalid YAML: ${doc.errors[0].message}`);
    }
    checkNodes(doc, lines);
    const value = doc.toJS({ maxAliasCount: 100 });
    if (value !== null && value !== undefined) out.push(value);
  }
  return out;
}

/**
 * Parses one YAML document (YAML 1.2, so JSON is read as JSON): an
 * annotation's value, a kubeconfig, a form field. An empty document is
 * `undefined`. Throws on syntax errors, on more than one document, and (as
 * {@link parseYamlDocuments}) on unknown tags and far-expanding aliases.
 * The one reader of single YAML documents of the suite (streams of
 * manifests: {@link parseYamlDocuments}).
 *
 * @public
 */
export function parseYamlDocument(text: string): unknown {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines });
  // The parser's own error, as `yaml`'s `parse` throws it.
  if (doc.errors.length > 0) throw doc.errors[0];
  if (doc.contents === null) return undefined;
  checkNodes(doc, lines);
  return doc.toJS({ maxAliasCount: 100 });
}

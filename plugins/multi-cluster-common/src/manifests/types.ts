/**
 * Shared types of the manifest generators.
 */

/**
 * Standard Kubernetes object metadata, as far as the generators set it.
 *
 * @public
 */
export interface ManifestObjectMeta {
  name: string;
  namespace?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

/**
 * A Kubernetes object produced by a generator: plain JSON-compatible data,
 * ready to be serialised with {@link manifestsToYaml}.
 *
 * @public
 */
export interface KubernetesManifest {
  apiVersion: string;
  kind: string;
  metadata: ManifestObjectMeta;
  [field: string]: unknown;
}

/**
 * A non-Kubernetes file a generator wants written next to its manifests.
 *
 * @public
 */
export interface AuxiliaryManifestFile {
  /** File name (no directories), e.g. `fleet.yaml`. */
  fileName: string;
  /** What the file holds, as data; serialised as one YAML document. */
  content: Record<string, unknown>;
  /** Why the file exists, for logs and docs. */
  description: string;
}

/**
 * Kubernetes release versions as Cluster API and kubeadm expect them:
 * `v<major>.<minor>.<patch>` with an optional pre-release / build suffix,
 * e.g. `v1.31.2` or `v1.32.0-rc.1`.
 */

const KUBERNETES_VERSION =
  /^v(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?(\+[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$/;

/**
 * A parsed Kubernetes version.
 *
 * @public
 */
export interface KubernetesVersion {
  major: number;
  minor: number;
  patch: number;
  preRelease?: string;
}

/**
 * Parses `v1.31.2`; returns undefined when the text is not a version.
 *
 * @public
 */
export function parseKubernetesVersion(
  text: string,
): KubernetesVersion | undefined {
  const match = KUBERNETES_VERSION.exec(text);
  if (!match) return undefined;
  return {
    major: Number(match[1]),
    minor: Number(match[2]),
    patch: Number(match[3]),
    preRelease: match[4] ? match[4].slice(1) : undefined,
  };
}

/**
 * Why `text` is not a Kubernetes version like `v1.31.2`, or undefined.
 *
 * @public
 */
export function kubernetesVersionError(text: string): string | undefined {
  const parsed = parseKubernetesVersion(text);
  if (!parsed) {
    return `${JSON.stringify(
      text,
    )} is not a Kubernetes version: expected the form v1.31.2 (a leading "v", then major.minor.patch)`;
  }
  if (parsed.major !== 1) {
    return `${JSON.stringify(text)} has major version ${
      parsed.major
    }; Kubernetes releases are v1.x.y`;
  }
  return undefined;
}

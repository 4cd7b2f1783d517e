/** What the placeholders of a `flotilla.io/health-probe` template stand for. */
export interface ProbeUrlValues {
  cluster: string;
  /** The cluster's region, from the inventory; needed only by `{region}`. */
  region?: string;
  /** `multiCluster.failover.healthProbe.fleetUrl`; needed only by `{fleet}`. */
  fleetUrl?: string;
}

/** A template that cannot become a URL for this cluster; the message says why. */
export class ProbeUrlError extends Error {
  readonly name = 'ProbeUrlError';
}

const PLACEHOLDER = /\{(cluster|region|fleet)\}/g;

/**
 * The URL a service's health probe template names for one cluster:
 * `{cluster}` and `{region}` are path-escaped, `{fleet}` (only at the start)
 * is the configured base URL of the fleet's own endpoints, as an operator
 * wrote it. The result must be an http(s) URL without credentials.
 */
export function expandProbeUrl(
  template: string,
  values: ProbeUrlValues,
): string {
  const problem = (why: string) =>
    new ProbeUrlError(`health probe for ${values.cluster}: ${why}`);
  if (template.indexOf('{fleet}') > 0) {
    throw problem('{fleet} may only start the template');
  }
  const expanded = template.replace(PLACEHOLDER, (_, name: string) => {
    if (name === 'cluster') return encodeURIComponent(values.cluster);
    if (name === 'region') {
      if (!values.region) throw problem('the inventory knows no region');
      return encodeURIComponent(values.region);
    }
    if (!values.fleetUrl) {
      throw problem(
        '{fleet} needs multiCluster.failover.healthProbe.fleetUrl in the configuration',
      );
    }
    return values.fleetUrl.replace(/\/+$/, '');
  });
  let url: URL;
  try {
    url = new URL(expanded);
  } catch {
    throw problem('the template does not make a URL');
  }
  if (!['http:', 'https:'].includes(url.protocol)) {
    throw problem('only http and https URLs are probed');
  }
  if (url.username || url.password) {
    throw problem('the URL must not hold credentials');
  }
  return url.toString();
}

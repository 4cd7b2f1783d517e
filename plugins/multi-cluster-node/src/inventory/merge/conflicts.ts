import type { ClusterConflict, ClusterRecord } from '../types';

/** Normalizes an API server URL for comparison. */
export function normalizeUrl(url: string): string {
  try {
    const u = new URL(url);
    const defaultPorts: Record<string, string> = {
      'https:': '443',
      'http:': '80',
    };
    const port = u.port || (defaultPorts[u.protocol] ?? '');
    return `${
      u.protocol
    }//${u.hostname.toLowerCase()}:${port}${u.pathname.replace(/\/+$/, '')}`;
  } catch {
    return url.trim().replace(/\/+$/, '');
  }
}

/**
 * Disagreements that cannot be the same cluster: different API server
 * URLs, regions or providers.
 */
export function detectConflicts(records: ClusterRecord[]): ClusterConflict[] {
  const conflicts: ClusterConflict[] = [];
  const check = (
    field: 'apiServerUrl' | 'region' | 'provider',
    normalize: (v: string) => string,
  ) => {
    const values = records
      .filter(r => typeof r.fields[field] === 'string' && r.fields[field])
      .map(r => ({ sourceId: r.sourceId, value: String(r.fields[field]) }));
    const distinct = new Set(values.map(v => normalize(v.value)));
    if (distinct.size > 1) {
      conflicts.push({
        field,
        values,
        message: `Sources disagree on ${field} (${values
          .map(v => `${v.sourceId}: ${v.value}`)
          .join(
            ', ',
          )}); not merged silently, the value of the highest-priority source is shown`,
      });
    }
  };
  check('apiServerUrl', normalizeUrl);
  check('region', v => v.toLowerCase());
  check('provider', v => v.toLowerCase());
  return conflicts;
}

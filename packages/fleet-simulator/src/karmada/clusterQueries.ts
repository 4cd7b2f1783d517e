/**
 * What the aggregated API server does with Clusters besides storing them:
 * PATCH bodies by content type, list selectors, and the table `kubectl get
 * clusters` prints.
 */
import type { IncomingMessage } from 'node:http';
import {
  compileLabelSelectorQuery,
  type LabelPredicate,
} from '@flotilla/plugin-multi-cluster-common';
import { ApiError, failure } from './apiStatus';
import type { Cluster } from './clusterTypes';
import {
  applyJsonPatch,
  JsonPatchError,
  JsonPatchOperation,
  mergePatch,
} from './jsonPatch';

/** Applies a PATCH body by its content type to `current`. */
export function applyPatch(
  current: Cluster,
  contentType: string,
  body: unknown,
): Cluster {
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (
    type === 'application/merge-patch+json' ||
    type === 'application/strategic-merge-patch+json'
  ) {
    // Cluster's fields carry no strategic list merge keys: both merge alike.
    return mergePatch(current, body) as Cluster;
  }
  if (type === 'application/json-patch+json') {
    if (!Array.isArray(body))
      throw new ApiError(
        failure(400, 'a JSON patch must be a list of operations'),
      );
    try {
      return applyJsonPatch(current, body as JsonPatchOperation[]) as Cluster;
    } catch (error) {
      if (error instanceof JsonPatchError)
        throw new ApiError(failure(422, error.message));
      throw error;
    }
  }
  throw new ApiError(
    failure(
      415,
      `the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/strategic-merge-patch+json`,
    ),
  );
}

export function listMatcher(
  query: URLSearchParams,
): (cluster: Cluster) => boolean {
  let labelsMatch: LabelPredicate;
  try {
    labelsMatch = compileLabelSelectorQuery(
      query.get('labelSelector') ?? undefined,
    );
  } catch (error) {
    throw new ApiError(failure(400, (error as Error).message));
  }
  const fields = (query.get('fieldSelector') ?? '')
    .split(',')
    .filter(Boolean)
    .map(term => {
      const m = /^(metadata\.name)\s*(==|=|!=)\s*(.*)$/.exec(term.trim());
      if (!m)
        throw new ApiError(
          failure(
            400,
            `"${term}" is not a known field selector: only "metadata.name"`,
          ),
        );
      return { equal: m[2] !== '!=', value: m[3] };
    });
  return cluster =>
    labelsMatch(cluster.metadata.labels) &&
    fields.every(f => (cluster.metadata.name === f.value) === f.equal);
}

/** kubectl asks for server-side printing (`as=Table`). */
export function wantsTable(request: IncomingMessage): boolean {
  return /;\s*as=Table/.test(String(request.headers.accept ?? ''));
}

/** `5s`, `7m`, `3h`, `2d`: kubectl's short age. */
export function shortAge(from: string | undefined, now = Date.now()): string {
  if (!from) return '<unknown>';
  const seconds = Math.max(0, Math.floor((now - Date.parse(from)) / 1000));
  if (seconds < 120) return `${seconds}s`;
  if (seconds < 7200) return `${Math.floor(seconds / 60)}m`;
  if (seconds < 172800) return `${Math.floor(seconds / 3600)}h`;
  return `${Math.floor(seconds / 86400)}d`;
}

/** Karmada's printer columns: Name, Version, Mode, Ready, Age. */
export function clusterTable(
  clusters: ReadonlyArray<Readonly<Cluster>>,
  resourceVersion: string,
) {
  const column = (
    name: string,
    type: string,
    description: string,
    format = '',
  ) => ({
    name,
    type,
    format,
    description,
    priority: 0,
  });
  return {
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata: { resourceVersion },
    columnDefinitions: [
      column('Name', 'string', 'Name of the member cluster', 'name'),
      column('Version', 'string', 'Kubernetes version of the member cluster'),
      column('Mode', 'string', 'Sync mode (Push or Pull)'),
      column('Ready', 'string', 'Status of the Ready condition'),
      column('Age', 'date', 'Time since creation'),
    ],
    rows: clusters.map(c => ({
      cells: [
        c.metadata.name,
        c.status?.kubernetesVersion ?? '',
        c.spec.syncMode,
        c.status?.conditions?.find(x => x.type === 'Ready')?.status ??
          'Unknown',
        shortAge(c.metadata.creationTimestamp),
      ],
      object: {
        kind: 'PartialObjectMetadata',
        apiVersion: 'meta.k8s.io/v1',
        metadata: c.metadata,
      },
    })),
  };
}

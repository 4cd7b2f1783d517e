/**
 * Kubernetes `Status` objects (metav1.Status), the body every API server
 * answers an error with; clients (kubectl, client-node, the backend) read
 * `code`, `reason` and `message` from it.
 */
export interface ApiStatus {
  kind: 'Status';
  apiVersion: 'v1';
  metadata: Record<string, never>;
  status: 'Success' | 'Failure';
  message?: string;
  reason?: string;
  details?: {
    name?: string;
    group?: string;
    kind?: string;
    causes?: unknown[];
  };
  code: number;
}

const REASONS: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  406: 'NotAcceptable',
  409: 'Conflict',
  410: 'Expired',
  415: 'UnsupportedMediaType',
  422: 'Invalid',
  500: 'InternalError',
  503: 'ServiceUnavailable',
};

export function failure(
  code: number,
  message: string,
  options: { reason?: string; details?: ApiStatus['details'] } = {},
): ApiStatus {
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    reason: options.reason ?? REASONS[code] ?? 'Unknown',
    ...(options.details ? { details: options.details } : {}),
    code,
  };
}

export function success(details: ApiStatus['details']): ApiStatus {
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Success',
    details,
    code: 200,
  };
}

/** An error carrying the Status the server answers with. */
export class ApiError extends Error {
  constructor(readonly status: ApiStatus) {
    super(status.message);
  }
}

export const CLUSTER_GROUP = 'cluster.karmada.io';
export const CLUSTER_RESOURCE = 'clusters';

export function notFound(name: string): ApiError {
  return new ApiError(
    failure(404, `clusters.${CLUSTER_GROUP} "${name}" not found`, {
      details: { name, group: CLUSTER_GROUP, kind: CLUSTER_RESOURCE },
    }),
  );
}

export function conflict(name: string): ApiError {
  return new ApiError(
    failure(
      409,
      `Operation cannot be fulfilled on clusters.${CLUSTER_GROUP} "${name}": the object has been modified; please apply your changes to the latest version and try again`,
      { details: { name, group: CLUSTER_GROUP, kind: CLUSTER_RESOURCE } },
    ),
  );
}

export function alreadyExists(name: string): ApiError {
  return new ApiError(
    failure(409, `clusters.${CLUSTER_GROUP} "${name}" already exists`, {
      reason: 'AlreadyExists',
      details: { name, group: CLUSTER_GROUP, kind: CLUSTER_RESOURCE },
    }),
  );
}

export function invalid(
  name: string,
  causes: { field: string; message: string }[],
): ApiError {
  return new ApiError(
    failure(
      422,
      `Cluster.${CLUSTER_GROUP} "${name}" is invalid: ${causes
        .map(c => `${c.field}: ${c.message}`)
        .join(', ')}`,
      {
        details: {
          name,
          group: CLUSTER_GROUP,
          kind: 'Cluster',
          causes: causes.map(c => ({
            reason: 'FieldValueInvalid',
            message: c.message,
            field: c.field,
          })),
        },
      },
    ),
  );
}

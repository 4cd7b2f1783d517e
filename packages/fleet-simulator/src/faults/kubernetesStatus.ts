import type { FailureCode } from './state';

/** A `meta.k8s.io/v1` Status, the body kube-apiserver answers errors with. */
export interface KubernetesStatus {
  kind: 'Status';
  apiVersion: 'v1';
  metadata: Record<string, never>;
  status: 'Failure';
  message: string;
  reason: string;
  details?: { name?: string; group?: string; kind?: string };
  code: number;
}

const REASONS: Record<FailureCode, string> = {
  401: 'Unauthorized',
  409: 'Conflict',
  500: 'InternalError',
  503: 'ServiceUnavailable',
};

/**
 * The Status a real API server would answer for this request with `code`,
 * with the resource named in `details` the way kube-apiserver names it, so
 * clients that read `details` (or retry 409s by re-reading) behave as they
 * would against a real conflict.
 */
export function failureStatus(
  code: FailureCode,
  method: string,
  requestPath: string,
): KubernetesStatus {
  const details = resourceOf(requestPath);
  const qualified = details
    ? `${details.kind}${details.group ? `.${details.group}` : ''}${
        details.name ? ` "${details.name}"` : ''
      }`
    : requestPath;
  // The messages kube-apiserver gives for these reasons.
  const messages: Record<FailureCode, string> = {
    // A refused bearer token: kube-apiserver names no resource.
    401: 'Unauthorized',
    409: `Operation cannot be fulfilled on ${qualified}: the object has been modified; please apply your changes to the latest version and try again`,
    500: `Internal error occurred: injected fault on ${method} ${qualified}`,
    503: 'the server is currently unable to handle the request',
  };
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: messages[code],
    reason: REASONS[code],
    ...(details ? { details } : {}),
    code,
  };
}

/**
 * `group`, plural resource (as `kind`, like kube-apiserver does in Status
 * details) and `name` of a resource path; undefined for non-resource paths.
 */
export function resourceOf(
  requestPath: string,
): { name?: string; group?: string; kind: string } | undefined {
  const parts = requestPath.split('?')[0].split('/').filter(Boolean);
  let rest: string[];
  let group: string | undefined;
  if (parts[0] === 'api' && parts.length >= 3) {
    rest = parts.slice(2);
  } else if (parts[0] === 'apis' && parts.length >= 4) {
    group = parts[1];
    rest = parts.slice(3);
  } else {
    return undefined;
  }
  if (rest[0] === 'namespaces' && rest.length >= 3) rest = rest.slice(2);
  const [kind, name] = rest;
  if (!kind) return undefined;
  return {
    kind,
    ...(group ? { group } : {}),
    ...(name ? { name } : {}),
  };
}

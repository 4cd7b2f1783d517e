import { ApiException } from '@kubernetes/client-node';

/**
 * A failed Kubernetes request, without any credentials in it.
 *
 * @public
 */
export class KubernetesRequestError extends Error {
  readonly statusCode?: number;
  readonly reason?: string;
  readonly timeout: boolean;
  /** The network or TLS error code when nothing was answered, e.g. `ECONNREFUSED`. */
  readonly code?: string;

  constructor(
    message: string,
    options: {
      statusCode?: number;
      reason?: string;
      timeout?: boolean;
      code?: string;
    } = {},
  ) {
    super(message);
    this.name = 'KubernetesRequestError';
    this.statusCode = options.statusCode;
    this.reason = options.reason;
    this.timeout = options.timeout ?? false;
    this.code = options.code;
  }
}

/**
 * The client could not get its credentials (e.g. a CAPI kubeconfig Secret
 * that is missing, unreadable or unusable): nothing reached the cluster.
 * Carries no status code, so a missing Secret never reads as a 404 of the
 * cluster's own objects.
 *
 * @public
 */
export class CredentialsUnavailableError extends KubernetesRequestError {
  constructor(message: string) {
    super(message);
    this.name = 'CredentialsUnavailableError';
  }
}

/**
 * True when a Kubernetes call failed with HTTP 404.
 *
 * @public
 */
export function isNotFound(error: unknown): boolean {
  return error instanceof KubernetesRequestError && error.statusCode === 404;
}

/**
 * True when a Kubernetes call failed with HTTP 409 (stale resourceVersion, or AlreadyExists).
 *
 * @public
 */
export function isConflict(error: unknown): boolean {
  return error instanceof KubernetesRequestError && error.statusCode === 409;
}

/**
 * True when a Kubernetes call failed with HTTP 401 (bad or rotated credentials).
 *
 * @public
 */
export function isUnauthorized(error: unknown): boolean {
  return (
    (error instanceof KubernetesRequestError && error.statusCode === 401) ||
    (error instanceof ApiException && error.code === 401)
  );
}

function parseBody(
  body: unknown,
): { message?: unknown; reason?: string } | undefined {
  if (typeof body === 'string') {
    try {
      return JSON.parse(body) ?? undefined;
    } catch {
      return undefined;
    }
  }
  return typeof body === 'object' && body !== null
    ? (body as { message?: unknown; reason?: string })
    : undefined;
}

/**
 * TLS failures of trust between this backend and the server (its CA or
 * name, or this backend's client certificate): the server's state cannot
 * be told from them.
 */
const TRUST_FAILURES = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_ISSUER_CERT',
  'CERT_SIGNATURE_FAILURE',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE',
  'ERR_SSL_TLSV1_ALERT_UNKNOWN_CA',
  'ERR_SSL_SSLV3_ALERT_CERTIFICATE_EXPIRED',
]);

/**
 * True when a Kubernetes call failed because this backend and the server
 * do not trust each other's certificates (wrong CA, wrong name, a refused
 * client certificate): a configuration problem, not an outage.
 *
 * @public
 */
export function isTrustFailure(error: unknown): boolean {
  return (
    error instanceof KubernetesRequestError &&
    error.code !== undefined &&
    TRUST_FAILURES.has(error.code)
  );
}

/** What the usual TLS and connection failures mean for whoever set the cluster up. */
const NETWORK_ERRORS: Record<string, string> = {
  SELF_SIGNED_CERT_IN_CHAIN:
    "the server's certificate is not signed by a trusted CA (check caData/caFile)",
  DEPTH_ZERO_SELF_SIGNED_CERT:
    "the server's certificate is self-signed and not trusted (check caData/caFile)",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE:
    "the server's certificate is not signed by a trusted CA (check caData/caFile)",
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY:
    "the server's certificate is not signed by a trusted CA (check caData/caFile)",
  CERT_HAS_EXPIRED: "the server's certificate has expired",
  ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE:
    "the server refused this backend's client certificate",
  ERR_SSL_TLSV1_ALERT_UNKNOWN_CA:
    "the server refused this backend's client certificate (its CA is unknown there)",
  ERR_SSL_SSLV3_ALERT_CERTIFICATE_EXPIRED:
    "the server refused this backend's client certificate (expired)",
  ERR_TLS_CERT_ALTNAME_INVALID:
    "the server's certificate does not name this address",
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EHOSTUNREACH: 'host unreachable',
  ENOTFOUND: 'host name not found',
};

/**
 * kube-apiserver refuses credentials it cannot verify (401, a client
 * certificate from an untrusted CA included) but runs a request that carries
 * none as `system:anonymous` where anonymous access is on; its Status
 * message then blames RBAC, not the missing credentials.
 */
const ANONYMOUS_USER = 'User "system:anonymous"';
const ANONYMOUS_EXPLANATION =
  " (the API server did not recognise this backend's credentials and ran the request as system:anonymous: check the cluster's authProvider)";

/**
 * The one way a Kubernetes failure is told: `<context>: <what happened>`,
 * where what happened is the API server's Status message (or `HTTP <code>`),
 * `timed out`, `aborted` or `request failed (<network code>)`. Never carries
 * credentials: only the Status message and codes are kept.
 *
 * @public
 */
export function toKubernetesError(
  error: unknown,
  context: string,
  timedOut: boolean,
): KubernetesRequestError {
  if (error instanceof KubernetesRequestError) {
    return error;
  }
  if (timedOut) {
    return new KubernetesRequestError(`${context}: timed out`, {
      timeout: true,
    });
  }
  if (error instanceof ApiException) {
    const status = parseBody(error.body);
    const message =
      status && typeof status.message === 'string'
        ? status.message
        : `HTTP ${error.code}`;
    const explained =
      error.code === 403 && message.includes(ANONYMOUS_USER)
        ? `${message}${ANONYMOUS_EXPLANATION}`
        : message;
    return new KubernetesRequestError(`${context}: ${explained}`, {
      statusCode: error.code,
      reason: status?.reason,
    });
  }
  const e = error as { name?: string; code?: string; message?: string };
  if (e?.name === 'AbortError') {
    return new KubernetesRequestError(`${context}: aborted`, {
      timeout: true,
    });
  }
  const code = e?.code ? ` (${e.code})` : '';
  const explained = e?.code ? NETWORK_ERRORS[e.code] : undefined;
  return new KubernetesRequestError(
    `${context}: ${
      explained ? `${explained}${code}` : `request failed${code}`
    }`,
    { code: typeof e?.code === 'string' ? e.code : undefined },
  );
}

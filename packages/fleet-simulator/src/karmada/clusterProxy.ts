/**
 * `clusters/{name}/proxy/{path}`: forwards any request to the member's API
 * server at `spec.apiEndpoint`, trusting the CA of the Cluster's secret
 * (`caBundle`), authenticating with the impersonator token (Karmada's
 * `spec.impersonatorSecretRef`; the `spec.secretRef` token when a Cluster
 * has none) and impersonating the caller, as Karmada's cluster proxy does.
 */
import http, { IncomingMessage, ServerResponse } from 'node:http';
import https from 'node:https';
import { pipeline } from 'node:stream';
import type { Cluster } from './clusterTypes';
import { ApiError, failure } from './apiStatus';
import type { UserInfo } from './requestAuth';

/** Groups every user has; Karmada leaves them out of impersonation. */
const SKIPPED_GROUPS = new Set([
  'system:authenticated',
  'system:unauthenticated',
]);

/** Hop-by-hop headers (RFC 9110 7.6.1) never travel past a proxy. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * The headers sent to the member: the caller's, minus hop-by-hop ones, its
 * credentials and any identity it tried to assert itself, plus the cluster
 * credentials and the caller's identity as impersonation headers.
 */
export function proxyRequestHeaders(
  incoming: IncomingMessage['headers'],
  user: UserInfo,
  token: string,
): http.OutgoingHttpHeaders {
  const connectionListed = new Set(
    String(incoming.connection ?? '')
      .split(',')
      .map(h => h.trim().toLowerCase())
      .filter(Boolean),
  );
  const out: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(incoming)) {
    const lower = name.toLowerCase();
    if (value === undefined) continue;
    if (HOP_BY_HOP.has(lower) || connectionListed.has(lower)) continue;
    // HTTP/2 pseudo-headers (`:path`, `:authority`, ...) are not headers.
    if (lower.startsWith(':')) continue;
    if (lower === 'host' || lower === 'authorization') continue;
    if (lower.startsWith('impersonate-') || lower.startsWith('x-remote-'))
      continue;
    out[lower] = value;
  }
  out['impersonate-user'] = user.name;
  const groups = user.groups.filter(g => !SKIPPED_GROUPS.has(g));
  if (groups.length > 0) out['impersonate-group'] = groups;
  out.authorization = `Bearer ${token}`;
  return out;
}

/** The member URL: apiEndpoint's path joined with the proxied path, query kept. */
export function proxyTarget(
  apiEndpoint: string,
  proxyPath: string,
  query: string,
): URL {
  const base = new URL(apiEndpoint);
  const joined = `${base.pathname.replace(/\/+$/, '')}/${proxyPath.replace(
    /^\/+/,
    '',
  )}`;
  const url = new URL(base.origin);
  url.pathname = joined.replace(/\/{2,}/g, '/');
  url.search = query;
  return url;
}

/**
 * Ends an answer abruptly (the caller sees a broken response, not a short
 * one): an HTTP/1.1 response is destroyed, an HTTP/2 one's stream (its
 * compatibility response has no destroy()).
 */
export function breakOff(response: ServerResponse): void {
  const stream = (response as { stream?: { destroy(): void } }).stream;
  if (stream) stream.destroy();
  else response.destroy();
}

export interface ClusterCredentials {
  token: string;
  caBundle?: string;
}

export type SecretReader = (
  namespace: string,
  name: string,
) => Promise<Record<string, string>>;

/** Reads the token and CA the proxy uses for `cluster`. */
export async function credentialsFor(
  cluster: Readonly<Cluster>,
  readSecret: SecretReader,
): Promise<ClusterCredentials> {
  const ref = cluster.spec.impersonatorSecretRef ?? cluster.spec.secretRef;
  if (!ref) {
    throw new ApiError(
      failure(
        503,
        `the impersonatorSecretRef of cluster ${cluster.metadata.name} is nil`,
      ),
    );
  }
  const secret = await readSecret(ref.namespace, ref.name);
  if (!secret.token) {
    throw new ApiError(
      failure(
        503,
        `the impersonate token of cluster ${cluster.metadata.name} is empty`,
      ),
    );
  }
  let caBundle: string | undefined;
  if (cluster.spec.secretRef) {
    const caSecret =
      cluster.spec.secretRef === ref
        ? secret
        : await readSecret(
            cluster.spec.secretRef.namespace,
            cluster.spec.secretRef.name,
          );
    caBundle = caSecret.caBundle;
    if (!caBundle && !cluster.spec.insecureSkipTLSVerification) {
      throw new ApiError(
        failure(
          503,
          `the CA bundle of cluster ${cluster.metadata.name} is empty`,
        ),
      );
    }
  }
  return { token: secret.token, caBundle };
}

/** The answer's headers but the hop-by-hop ones. */
function endToEnd(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const back: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!HOP_BY_HOP.has(name) && value !== undefined) back[name] = value;
  }
  return back;
}

/** A 503 Status when nothing was answered yet, else the answer broken off. */
function unreachable(
  response: ServerResponse,
  cluster: Readonly<Cluster>,
  error: Error,
) {
  if (!response.headersSent) {
    const status = failure(
      503,
      `error trying to reach cluster "${cluster.metadata.name}": ${error.message}`,
    );
    response.writeHead(503, { 'content-type': 'application/json' });
    response.end(JSON.stringify(status));
  } else {
    breakOff(response);
  }
}

/** Streams the request to the member and its answer back (watches included). */
export function forwardToCluster(options: {
  cluster: Readonly<Cluster>;
  credentials: ClusterCredentials;
  user: UserInfo;
  proxyPath: string;
  query: string;
  request: IncomingMessage;
  response: ServerResponse;
}): Promise<void> {
  const { cluster, credentials, request, response } = options;
  const endpoint = cluster.spec.apiEndpoint;
  if (!endpoint) {
    throw new ApiError(
      failure(
        503,
        `API endpoint of cluster ${cluster.metadata.name} should not be empty`,
      ),
    );
  }
  const target = proxyTarget(endpoint, options.proxyPath, options.query);
  const headers = proxyRequestHeaders(
    request.headers,
    options.user,
    credentials.token,
  );
  const transport = target.protocol === 'https:' ? https : http;
  return new Promise(resolve => {
    let answered = false;
    // A caller that left while it was being authorized (a client whose
    // deadline passed) gets nothing forwarded: its request would never end.
    if (request.destroyed || response.destroyed) {
      resolve();
      return;
    }
    const upstream = transport.request(
      target,
      {
        method: request.method,
        headers,
        ca: credentials.caBundle,
        rejectUnauthorized: !cluster.spec.insecureSkipTLSVerification,
      },
      answer => {
        response.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        answer.pipe(response);
        answer.on('end', () => {
          answered = true;
          resolve();
        });
        answer.on('error', () => {
          breakOff(response);
          resolve();
        });
      },
    );
    upstream.on('error', error => {
      unreachable(response, cluster, error);
      resolve();
    });
    // A caller that goes away (a closed watch, a client that gave up) ends
    // the upstream request; one whose answer came whole leaves its
    // connection to be reused.
    response.on('close', () => {
      if (!answered) upstream.destroy();
    });
    // Unlike pipe(), pipeline() ends the upstream request also when the
    // caller's request breaks off: a GET left unended waits forever, and
    // so does its connection.
    pipeline(request, upstream, () => undefined);
  });
}

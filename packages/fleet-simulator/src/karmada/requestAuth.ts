/**
 * Who is calling, and may they: as a delegating aggregated API server
 * (Karmada's karmada-aggregated-apiserver included) decides behind the
 * kube-apiserver aggregation layer.
 *
 * Authentication (request header): the TLS client certificate must chain
 * to the front-proxy CA and name an allowed CN (`front-proxy-client`); then
 * the user is `X-Remote-User`, its groups `X-Remote-Group` and extras
 * `X-Remote-Extra-<key>`. A verified proxy that names no user is anonymous.
 * Authorization: a SubjectAccessReview against the control plane's
 * kube-apiserver, answers cached briefly as the delegating authorizer does.
 */
import https from 'node:https';
import type { TLSSocket } from 'node:tls';
import type { IncomingMessage } from 'node:http';
import { KubeConfig, V1SubjectAccessReview } from '@kubernetes/client-node';
import { ApiError, failure } from './apiStatus';

export interface UserInfo {
  name: string;
  groups: string[];
  extra: Record<string, string[]>;
}

export interface RequestHeaderOptions {
  allowedNames: string[];
  usernameHeaders: string[];
  groupHeaders: string[];
  extraHeaderPrefixes: string[];
}

/** The kube-apiserver flags of the local Karmada control plane. */
export const KARMADA_REQUEST_HEADER: RequestHeaderOptions = {
  allowedNames: ['front-proxy-client'],
  usernameHeaders: ['x-remote-user'],
  groupHeaders: ['x-remote-group'],
  extraHeaderPrefixes: ['x-remote-extra-'],
};

const ANONYMOUS: UserInfo = {
  name: 'system:anonymous',
  groups: ['system:unauthenticated'],
  extra: {},
};

function headerValues(value: string[] | undefined): string[] {
  return (value ?? []).filter(v => v !== '');
}

/**
 * The user of a request whose peer certificate was verified against the
 * front-proxy CA (`verified`) with common name `commonName`.
 */
export function userFromRequestHeaders(
  /** `request.headersDistinct`: repeated headers (one group each) stay apart. */
  headers: IncomingMessage['headersDistinct'],
  peer: { verified: boolean; commonName?: string },
  options: RequestHeaderOptions = KARMADA_REQUEST_HEADER,
): UserInfo {
  if (!peer.verified) {
    throw new ApiError(failure(401, 'Unauthorized'));
  }
  if (
    options.allowedNames.length > 0 &&
    !options.allowedNames.includes(peer.commonName ?? '')
  ) {
    throw new ApiError(
      failure(
        401,
        `Unauthorized: client certificate CN "${
          peer.commonName ?? ''
        }" is not allowed`,
      ),
    );
  }
  const name = options.usernameHeaders.flatMap(h =>
    headerValues(headers[h]),
  )[0];
  if (!name) return { ...ANONYMOUS, groups: [...ANONYMOUS.groups] };
  const groups = options.groupHeaders.flatMap(h => headerValues(headers[h]));
  const extra: Record<string, string[]> = {};
  for (const [header, value] of Object.entries(headers)) {
    const prefix = options.extraHeaderPrefixes.find(p => header.startsWith(p));
    if (!prefix) continue;
    // Extra keys are percent-encoded in header names.
    const key = decodeURIComponent(header.slice(prefix.length)).toLowerCase();
    extra[key] = [...(extra[key] ?? []), ...headerValues(value)];
  }
  return { name, groups, extra };
}

type Peer = { verified: boolean; commonName?: string };

/** Each connection's peer: reading the certificate anew for every request was costly. */
const peers = new WeakMap<object, Peer>();

/**
 * Reads the verification result and CN of the TLS peer of a request, once
 * per connection (an HTTP/2 request's own socket is a view of its session's
 * connection, made per request).
 */
export function peerOf(request: IncomingMessage): Peer {
  const socket = ((request as { stream?: { session?: { socket?: unknown } } })
    .stream?.session?.socket ?? request.socket) as TLSSocket;
  let peer = peers.get(socket);
  if (!peer) {
    peer = readPeer(socket);
    peers.set(socket, peer);
  }
  return peer;
}

function readPeer(socket: TLSSocket): Peer {
  const certificate = socket.getPeerCertificate?.();
  if (!certificate || Object.keys(certificate).length === 0)
    return { verified: false };
  const cn = certificate.subject?.CN;
  return {
    verified: socket.authorized === true,
    commonName: Array.isArray(cn) ? cn[0] : cn,
  };
}

export type Attributes =
  | {
      kind: 'resource';
      verb: string;
      group: string;
      version: string;
      resource: string;
      subresource?: string;
      name?: string;
    }
  | { kind: 'nonResource'; verb: string; path: string };

export interface Authorizer {
  authorize(
    user: UserInfo,
    attributes: Attributes,
  ): Promise<{ allowed: boolean; reason: string }>;
}

export function subjectAccessReviewFor(
  user: UserInfo,
  attributes: Attributes,
): V1SubjectAccessReview {
  return {
    apiVersion: 'authorization.k8s.io/v1',
    kind: 'SubjectAccessReview',
    spec: {
      user: user.name,
      groups: user.groups,
      extra: user.extra,
      ...(attributes.kind === 'resource'
        ? {
            resourceAttributes: {
              verb: attributes.verb,
              group: attributes.group,
              version: attributes.version,
              resource: attributes.resource,
              subresource: attributes.subresource,
              name: attributes.name,
            },
          }
        : {
            nonResourceAttributes: {
              verb: attributes.verb,
              path: attributes.path,
            },
          }),
    },
  };
}

/**
 * Asks the control plane (as the delegating authorizer of k8s.io/apiserver
 * does), caching allowed answers for `allowTtlMs` and denials for
 * `denyTtlMs`.
 */
export class SubjectAccessReviewAuthorizer implements Authorizer {
  private readonly cache = new Map<
    string,
    { until: number; allowed: boolean; reason: string }
  >();
  /** Reviews being asked: callers with the same question share the answer. */
  private readonly asking = new Map<
    string,
    Promise<{ allowed: boolean; reason: string }>
  >();
  /**
   * Kept alive: a review per Cluster name every ten seconds is, with a
   * thousand Clusters, more new TLS connections than the simulator could
   * make (client-node makes one per request).
   */
  private readonly agent = new https.Agent({ keepAlive: true });

  constructor(
    private readonly kubeConfig: KubeConfig,
    private readonly options: { allowTtlMs: number; denyTtlMs: number } = {
      allowTtlMs: 10_000,
      denyTtlMs: 1_000,
    },
  ) {}

  async authorize(user: UserInfo, attributes: Attributes) {
    const review = subjectAccessReviewFor(user, attributes);
    const key = JSON.stringify(review.spec);
    const cached = this.cache.get(key);
    if (cached && cached.until > Date.now()) return cached;
    let answer = this.asking.get(key);
    if (!answer) {
      answer = this.ask(review).finally(() => this.asking.delete(key));
      this.asking.set(key, answer);
    }
    const { allowed, reason } = await answer;
    const ttl = allowed ? this.options.allowTtlMs : this.options.denyTtlMs;
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(key, { until: Date.now() + ttl, allowed, reason });
    return { allowed, reason };
  }

  /** POST /apis/authorization.k8s.io/v1/subjectaccessreviews. */
  private async ask(
    review: V1SubjectAccessReview,
  ): Promise<{ allowed: boolean; reason: string }> {
    const server = this.kubeConfig.getCurrentCluster()?.server;
    if (!server) throw new Error('the control plane has no server URL');
    const options: https.RequestOptions = {};
    await this.kubeConfig.applyToHTTPSOptions(options);
    const body = JSON.stringify(review);
    const answer = await new Promise<V1SubjectAccessReview>(
      (resolve, reject) => {
        const request = https.request(
          new URL('/apis/authorization.k8s.io/v1/subjectaccessreviews', server),
          {
            ...options,
            method: 'POST',
            agent: this.agent,
            headers: {
              ...options.headers,
              'content-type': 'application/json',
              accept: 'application/json',
              'content-length': Buffer.byteLength(body),
            },
            timeout: 10_000,
          },
          response => {
            let text = '';
            response.setEncoding('utf8');
            response.on('data', chunk => (text += chunk));
            response.on('end', () => {
              if (response.statusCode !== 201 && response.statusCode !== 200) {
                reject(
                  new Error(
                    `SubjectAccessReview answered ${
                      response.statusCode
                    }: ${text.slice(0, 200)}`,
                  ),
                );
              } else resolve(JSON.parse(text));
            });
            response.on('error', reject);
          },
        );
        request.on('timeout', () =>
          request.destroy(new Error('SubjectAccessReview: no answer in 10 s')),
        );
        request.on('error', reject);
        request.end(body);
      },
    );
    return {
      allowed:
        answer.status?.allowed === true && answer.status?.denied !== true,
      reason: answer.status?.reason ?? '',
    };
  }
}

/** The Status a refused request gets, worded as the apiserver words it. */
export function forbidden(
  user: UserInfo,
  attributes: Attributes,
  reason: string,
): ApiError {
  const suffix = reason ? `: ${reason}` : '';
  if (attributes.kind === 'nonResource') {
    return new ApiError(
      failure(
        403,
        `forbidden: User "${user.name}" cannot ${attributes.verb} path "${attributes.path}"${suffix}`,
      ),
    );
  }
  const resource = attributes.subresource
    ? `${attributes.resource}/${attributes.subresource}`
    : attributes.resource;
  return new ApiError(
    failure(
      403,
      `${resource}.${attributes.group}${
        attributes.name ? ` "${attributes.name}"` : ''
      } is forbidden: User "${user.name}" cannot ${
        attributes.verb
      } resource "${resource}" in API group "${
        attributes.group
      }" at the cluster scope${suffix}`,
      {
        details: {
          name: attributes.name,
          group: attributes.group,
          kind: attributes.resource,
        },
      },
    ),
  );
}

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
import type { TLSSocket } from 'node:tls';
import type { IncomingMessage } from 'node:http';
import {
  AuthorizationV1Api,
  KubeConfig,
  V1SubjectAccessReview,
} from '@kubernetes/client-node';
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

/** Reads the verification result and CN of the TLS peer of a request. */
export function peerOf(request: IncomingMessage): {
  verified: boolean;
  commonName?: string;
} {
  const socket = request.socket as TLSSocket;
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
  private readonly api: AuthorizationV1Api;
  private readonly cache = new Map<
    string,
    { until: number; allowed: boolean; reason: string }
  >();

  constructor(
    kubeConfig: KubeConfig,
    private readonly options: { allowTtlMs: number; denyTtlMs: number } = {
      allowTtlMs: 10_000,
      denyTtlMs: 1_000,
    },
  ) {
    this.api = kubeConfig.makeApiClient(AuthorizationV1Api);
  }

  async authorize(user: UserInfo, attributes: Attributes) {
    const review = subjectAccessReviewFor(user, attributes);
    const key = JSON.stringify(review.spec);
    const cached = this.cache.get(key);
    if (cached && cached.until > Date.now()) return cached;
    const answer = await this.api.createSubjectAccessReview({ body: review });
    const allowed =
      answer.status?.allowed === true && answer.status?.denied !== true;
    const reason = answer.status?.reason ?? '';
    const ttl = allowed ? this.options.allowTtlMs : this.options.denyTtlMs;
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(key, { until: Date.now() + ttl, allowed, reason });
    return { allowed, reason };
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

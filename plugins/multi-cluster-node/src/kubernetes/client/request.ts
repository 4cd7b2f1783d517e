import {
  Observable,
  RequestContext,
  ResponseContext,
  type ConfigurationOptions,
} from '@kubernetes/client-node';

/**
 * Per-call options of every Kubernetes request.
 *
 * @public
 */
export interface KubernetesRequestOptions {
  /** This request's deadline; the client's default when unset. */
  timeoutMs?: number;
  /** The caller's cancellation (a step's deadline, a refresh being stopped). */
  signal?: AbortSignal;
}

/**
 * A namespaced object's name.
 *
 * @public
 */
export interface ObjectName {
  namespace: string;
  name: string;
}

/**
 * Content type of a JSON merge patch (RFC 7386).
 *
 * @public
 */
export const MERGE_PATCH = 'application/merge-patch+json';

/**
 * Asks the API server for metadata only (`PartialObjectMetadataList`): used
 * for Secrets so that their contents never cross the wire. A server that
 * cannot serve it answers 406 rather than falling back to full objects.
 *
 * @public
 */
export const PARTIAL_METADATA_LIST_ACCEPT =
  'application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1';

/**
 * Same, for a single object (a CRD's schema can be hundreds of kilobytes).
 *
 * @public
 */
export const PARTIAL_METADATA_ACCEPT =
  'application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1';

/**
 * The abort signal of one request, and whether its own deadline fired.
 *
 * @public
 */
export interface RequestSignal {
  signal: AbortSignal;
  /** True once the request's deadline passed (not the caller's cancellation). */
  timedOut(): boolean;
}

/**
 * One request's signal: its deadline, and the caller's cancellation if any.
 *
 * @public
 */
export function requestSignal(
  timeoutMs: number,
  caller?: AbortSignal,
): RequestSignal {
  const deadline = AbortSignal.timeout(timeoutMs);
  return {
    signal: caller ? AbortSignal.any([deadline, caller]) : deadline,
    timedOut: () => deadline.aborted,
  };
}

/**
 * client-node options that put the signal and the extra headers (content
 * type of a patch, metadata-only Accept) on the request.
 */
export function requestConfiguration(
  signal: AbortSignal,
  headers: Record<string, string> = {},
): ConfigurationOptions {
  return {
    middleware: [
      {
        pre: (ctx: RequestContext) => {
          ctx.setSignal(signal);
          for (const [k, v] of Object.entries(headers)) {
            ctx.setHeaderParam(k, v);
          }
          return new Observable(Promise.resolve(ctx));
        },
        post: (ctx: ResponseContext) => new Observable(Promise.resolve(ctx)),
      },
    ],
    middlewareMergeStrategy: 'append',
  };
}

import {
  Observable,
  RequestContext,
  ResponseContext,
  type ConfigurationOptions,
} from '@kubernetes/client-node';
import { toKubernetesError } from '../../kubernetes/KubernetesClient';

/**
 * Runs one `@kubernetes/client-node` call with an abort signal, a timeout and
 * extra headers (like C's KubernetesClient), converting errors into
 * credential-free `KubernetesRequestError`s.
 */
export async function kubernetesRequest<T>(
  context: string,
  fn: (options: ConfigurationOptions) => Promise<T>,
  opts: {
    signal?: AbortSignal;
    timeoutMs: number;
    headers?: Record<string, string>;
  },
): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs);
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onAbort);
  const options: ConfigurationOptions = {
    middleware: [
      {
        pre: (ctx: RequestContext) => {
          ctx.setSignal(controller.signal);
          for (const [k, v] of Object.entries(opts.headers ?? {})) {
            ctx.setHeaderParam(k, v);
          }
          return new Observable(Promise.resolve(ctx));
        },
        post: (ctx: ResponseContext) => new Observable(Promise.resolve(ctx)),
      },
    ],
    middlewareMergeStrategy: 'append',
  };
  try {
    return await fn(options);
  } catch (error) {
    throw toKubernetesError(error, context, timedOut);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

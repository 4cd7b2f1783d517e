import { CustomErrorBase } from '@backstage/errors';

/**
 * Placement work refused because of load, not because of the request: the
 * caller may send it again after `retryAfterSeconds` (the `Retry-After`
 * header the error responder sets).
 */
export interface OverloadError extends Error {
  readonly statusCode: 429 | 503;
  readonly retryAfterSeconds: number;
}

/** One caller already has as much placement work running as it may: 429. */
export class TooManyPlacementRequestsError
  extends CustomErrorBase
  implements OverloadError
{
  readonly name = 'TooManyRequestsError';
  readonly statusCode = 429;

  constructor(message: string, readonly retryAfterSeconds: number) {
    super(message);
  }
}

/** Every worker is busy and the queue is full, or a task ran too long: 503. */
export class PlacementUnavailableError
  extends CustomErrorBase
  implements OverloadError
{
  readonly name = 'ServiceUnavailableError';
  readonly statusCode = 503;

  constructor(message: string, readonly retryAfterSeconds: number) {
    super(message);
  }
}

/** Seconds to wait before retrying, for an overload error; else undefined. */
export function retryAfterOf(error: unknown): number | undefined {
  const seconds = (error as Partial<OverloadError> | undefined)
    ?.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds)
    ? Math.max(1, Math.ceil(seconds))
    : undefined;
}

import { InputError } from '@backstage/errors';
import express from 'express';
import type { RequestHandler } from 'express';

/**
 * Largest JSON body of each route. A parser reads a body once: the first one
 * in a request's path wins, so each route names its own (no router-wide
 * parser, which would also read the bodies of every route after it).
 */
export const BODY_LIMITS = {
  /** scale, upgrade, delete: a few short fields. */
  lifecycle: '4kb',
  /** failovers, drills, cancel, rollback: a reason of up to 2,000 characters. */
  failover: '16kb',
  /** recommend: requirements and an explicit reachability requirement. */
  recommend: '1mb',
  /** simulate: up to 5,000 posted clusters (about 1.3 MB with capacity). */
  simulate: '2mb',
} as const;

/** A body over its route's limit: 413. */
export class PayloadTooLargeError extends Error {
  readonly name = 'PayloadTooLargeError';
  readonly statusCode = 413;
}

/** The fields body-parser (http-errors) sets on the errors it raises. */
interface BodyParserError {
  type?: unknown;
  status?: unknown;
  limit?: unknown;
}

/**
 * A short error for a body-parser failure, or undefined for other errors.
 * body-parser keeps the whole raw body on a parse error (`body`), which an
 * error handler serializing the error's fields would send back.
 */
export function bodyParserErrorFor(error: unknown): Error | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { type, status, limit } = error as BodyParserError;
  if (typeof type !== 'string' || typeof status !== 'number') {
    return undefined;
  }
  switch (type) {
    case 'entity.too.large':
      return new PayloadTooLargeError(
        typeof limit === 'number'
          ? `Request body is larger than ${limit} bytes`
          : 'Request body is too large',
      );
    case 'entity.parse.failed':
      return new InputError('Request body is not valid JSON');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new InputError(`Unsupported request body encoding (${type})`);
    default:
      return status >= 400 && status < 500
        ? new InputError(`Invalid request body (${type})`)
        : undefined;
  }
}

/**
 * Parses a JSON body of at most `limit` (e.g. '16kb'); a larger body is 413,
 * malformed JSON 400, each with a short message. Other content types are
 * left unread (the route then sees no body).
 */
export function jsonBody(limit: string): RequestHandler {
  const parse = express.json({ limit });
  return (req, res, next) => {
    parse(req, res, error => {
      next(error ? bodyParserErrorFor(error) ?? error : undefined);
    });
  };
}

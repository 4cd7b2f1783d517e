import { InputError } from '@backstage/errors';
import express from 'express';
import type { Request, RequestHandler } from 'express';

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
  /** region failovers: up to 1,500 lost names and 5,000 services. */
  regionFailover: '2mb',
  /** recommend: requirements and an explicit reachability requirement. */
  recommend: '1mb',
  /** simulate: up to 5,000 posted clusters (about 1.3 MB with capacity). */
  simulate: '2mb',
  /** what-if: up to 1,500 lost names and 5,000 entity refs (about 1.7 MB). */
  whatIf: '2mb',
} as const;

/**
 * Shapes no request of this API has, refused before JSON.parse: V8 parses
 * an object with 100,000 keys (1.3 MB) in about 100 ms, and every request
 * schema allows at most a few hundred keys per object and a dozen levels.
 */
export const JSON_STRUCTURE_LIMITS = { maxDepth: 64, maxKeys: 1_000 };

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

/**
 * Why a JSON text nests deeper or has larger objects than `limits`, or
 * undefined. One pass over the bytes, without parsing (malformed text is
 * left to JSON.parse).
 */
export function jsonStructureProblem(
  bytes: Uint8Array,
  limits: { maxDepth: number; maxKeys: number } = JSON_STRUCTURE_LIMITS,
): string | undefined {
  // keys[d]: keys seen in the object at depth d, or -1 for an array.
  const keys: number[] = [];
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
      continue;
    }
    switch (byte) {
      case QUOTE:
        inString = true;
        break;
      case OPEN_OBJECT:
      case OPEN_ARRAY:
        keys.push(byte === OPEN_OBJECT ? 0 : -1);
        if (keys.length > limits.maxDepth) {
          return `JSON nested deeper than ${limits.maxDepth} levels`;
        }
        break;
      case CLOSE_OBJECT:
      case CLOSE_ARRAY:
        keys.pop();
        break;
      case COLON:
        if (keys.length > 0 && ++keys[keys.length - 1] > limits.maxKeys) {
          return `a JSON object with more than ${limits.maxKeys} keys`;
        }
        break;
      default:
    }
  }
  return undefined;
}

/** The error body-parser reports for a body `verify` refuses. */
class JsonStructureError extends Error {
  readonly type = 'entity.too.complex';
  readonly status = 400;
}

/** A body over its route's limit: 413. */
export class PayloadTooLargeError extends Error {
  readonly name = 'PayloadTooLargeError';
  readonly statusCode = 413;
}

/** A body that is not UTF-8 JSON: 415, left unread. */
export class UnsupportedMediaTypeError extends Error {
  readonly name = 'UnsupportedMediaTypeError';
  readonly statusCode = 415;
}

const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)"?/i;

/**
 * Why a request's body may not be read as this API's JSON, or undefined.
 * Only UTF-8 is read, so the structure limits, which scan the raw bytes,
 * see the decoded text: in UTF-7 or UTF-16 the same object has no `{` or `:`
 * bytes to count.
 */
export function unreadableBodyProblem(req: Request): string | undefined {
  const hasBody =
    req.headers['transfer-encoding'] !== undefined ||
    (req.headers['content-length'] ?? '0') !== '0';
  if (!hasBody) return undefined;
  if (!req.is(['application/json', 'application/*+json'])) {
    return 'Request body must be application/json';
  }
  const charset = CHARSET.exec(req.headers['content-type'] ?? '')?.[1];
  if (charset !== undefined && !/^utf-?8$/i.test(charset)) {
    return 'Request body must be UTF-8 JSON';
  }
  return undefined;
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
    case 'entity.too.complex':
      return new InputError(
        `Request body is not a request of this API: ${
          (error as Error).message
        }`,
      );
    case 'encoding.unsupported':
      return new InputError(`Unsupported request body encoding (${type})`);
    case 'charset.unsupported':
      return new UnsupportedMediaTypeError('Request body must be UTF-8 JSON');
    default:
      return status >= 400 && status < 500
        ? new InputError(`Invalid request body (${type})`)
        : undefined;
  }
}

/**
 * Parses a JSON body of at most `limit` (e.g. '16kb'); a larger body is 413,
 * malformed JSON or one beyond {@link JSON_STRUCTURE_LIMITS} 400, another
 * content type or charset 415 (unread), each with a short message.
 */
export function jsonBody(limit: string): RequestHandler {
  const parse = express.json({
    limit,
    verify: (_req, _res, body) => {
      const problem = jsonStructureProblem(body);
      if (problem) throw new JsonStructureError(problem);
    },
  });
  return (req, res, next) => {
    const problem = unreadableBodyProblem(req);
    if (problem) {
      next(new UnsupportedMediaTypeError(problem));
      return;
    }
    parse(req, res, error => {
      next(error ? bodyParserErrorFor(error) ?? error : undefined);
    });
  };
}

import { LoggerService } from '@backstage/backend-plugin-api';
import { isError } from '@backstage/errors';
import { formatRequestIssues } from '@flotilla/plugin-multi-cluster-common';
import type { ErrorRequestHandler } from 'express';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { retryAfterOf } from '../placement/compute/overloadErrors';
import { bodyParserErrorFor } from './bodyParser';

/** Backstage's errorHandler statuses, by error name. */
const STATUS_BY_NAME: Record<string, number> = {
  NotModifiedError: 304,
  InputError: 400,
  AuthenticationError: 401,
  NotAllowedError: 403,
  NotFoundError: 404,
  ConflictError: 409,
  NotImplementedError: 501,
  ServiceUnavailableError: 503,
};

const MAX_MESSAGE_LENGTH = 1_500;
const MAX_URL_LENGTH = 200;
const MAX_NAME_LENGTH = 64;

/** The status Backstage's errorHandler would answer `error` with. */
export function statusOf(error: unknown): number {
  if (!isError(error)) return 500;
  for (const field of ['statusCode', 'status'] as const) {
    const status = (error as unknown as Record<string, unknown>)[field];
    if (
      typeof status === 'number' &&
      Number.isInteger(status) &&
      status >= 100 &&
      status <= 599
    ) {
      return status;
    }
  }
  return STATUS_BY_NAME[error.name] ?? 500;
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function hasZodIssues(cause: unknown): cause is { issues: z.ZodIssue[] } {
  return (
    typeof cause === 'object' &&
    cause !== null &&
    Array.isArray((cause as { issues?: unknown }).issues)
  );
}

/**
 * An error's message, with the reasons of a zod cause: the actions registry
 * throws "Invalid input to action ..." and keeps the reasons in `cause`.
 */
function messageOf(error: Error): string {
  const cause = (error as { cause?: unknown }).cause;
  if (hasZodIssues(cause)) {
    return `${error.message}: ${formatRequestIssues(cause.issues)}`;
  }
  return error.message;
}

/**
 * Answers the plugin's errors (its routes' and its actions') before
 * Backstage's errorHandler does, so no answer grows with the request:
 *
 * - 4xx: `{ error: { name, message }, request, response }` as Backstage
 *   shapes it, the message and URL clipped, no `cause` or other fields
 *   (body-parser keeps the whole raw body on a JSON error).
 * - 429 and 503 for load (placement workers busy): the same, with
 *   `Retry-After`.
 * - other 5xx: left to Backstage's errorHandler, except where internal errors are
 *   hidden (production by default): logged with an id, answered with that
 *   id only, so no message, stack trace or file path leaves the backend.
 */
export function createErrorResponder(options: {
  logger: LoggerService;
  hideInternalErrors?: boolean;
}): ErrorRequestHandler {
  const hideInternalErrors =
    options.hideInternalErrors ?? process.env.NODE_ENV === 'production';
  const logger = options.logger.child({ type: 'errorResponder' });
  return (rawError, req, res, next) => {
    if (res.headersSent) {
      next(rawError);
      return;
    }
    const error = bodyParserErrorFor(rawError) ?? rawError;
    const statusCode = statusOf(error);
    // Refused for load, not for the request: when to try again.
    const retryAfter = retryAfterOf(error);
    if (retryAfter !== undefined) res.setHeader('Retry-After', retryAfter);
    const request = {
      method: req.method,
      url: clip(req.url, MAX_URL_LENGTH),
    };
    if (statusCode >= 500 && retryAfter === undefined) {
      if (!hideInternalErrors) {
        next(error);
        return;
      }
      const logId = randomBytes(10).toString('hex');
      logger.error(
        `Request failed with status ${statusCode}, logId=${logId}`,
        isError(error) ? error : new Error(String(error)),
      );
      res.status(statusCode).json({
        error: {
          name: 'Error',
          message: `An internal error occurred, logId=${logId}`,
        },
        request,
        response: { statusCode },
      });
      return;
    }
    const known = error as Error;
    res.status(statusCode).json({
      error: {
        name: clip(known.name, MAX_NAME_LENGTH),
        message: clip(messageOf(known), MAX_MESSAGE_LENGTH),
      },
      request,
      response: { statusCode },
    });
  };
}

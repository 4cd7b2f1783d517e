import { rootHttpRouterServiceFactory } from '@backstage/backend-defaults/rootHttpRouter';

/** What the wrapper needs of Express's response. */
interface JsonResponse {
  statusCode: number;
  json(body: unknown): unknown;
}

const MAX_NAME_LENGTH = 64;
const MAX_MESSAGE_LENGTH = 1_500;

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

interface ErrorResponseBody {
  error: { name?: unknown; message?: unknown; stack?: unknown };
}

function isErrorResponseBody(body: unknown): body is ErrorResponseBody {
  const error = (body as { error?: unknown } | null)?.error;
  return typeof error === 'object' && error !== null;
}

/**
 * Every plugin's error answer as `{ error: { name, message }, request,
 * response }`, the message clipped. Backstage's error handler serializes an
 * error's own fields: body-parser keeps the whole raw body on a JSON error
 * (the MCP endpoint answered a 90 kB malformed body with 135 kB), and other
 * libraries add theirs. The stack stays in development only.
 */
export function shortErrorBodies(
  _req: unknown,
  res: JsonResponse,
  next: () => void,
): void {
  const json = res.json.bind(res);
  res.json = (body: unknown) => {
    if (res.statusCode < 400 || !isErrorResponseBody(body)) return json(body);
    const { name, message, stack } = body.error;
    return json({
      ...body,
      error: {
        name: clip(String(name ?? 'Error'), MAX_NAME_LENGTH),
        message: clip(String(message ?? ''), MAX_MESSAGE_LENGTH),
        ...(process.env.NODE_ENV === 'development' && stack ? { stack } : {}),
      },
    });
  };
  next();
}

/** The root HTTP router with Backstage's defaults and {@link shortErrorBodies} first. */
export const rootHttpRouterWithShortErrors = rootHttpRouterServiceFactory({
  configure({ app, applyDefaults }) {
    app.use(shortErrorBodies);
    applyDefaults();
  },
});

/**
 * Reading requests and writing answers as the aggregated API server does:
 * JSON bodies (bounded), Status answers, request headers apart.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError, ApiStatus, failure } from './apiStatus';

const MAX_BODY_BYTES = 3 * 1024 * 1024;

/**
 * Each header's values apart (a repeated X-Remote-Group is several groups):
 * `headersDistinct` of an HTTP/1.1 request, made from the raw headers of an
 * HTTP/2 one, which has none.
 */
export function distinctHeaders(
  request: Pick<IncomingMessage, 'headersDistinct' | 'rawHeaders'>,
): IncomingMessage['headersDistinct'] {
  if (request.headersDistinct) return request.headersDistinct;
  const out: IncomingMessage['headersDistinct'] = {};
  const raw = request.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i].toLowerCase();
    if (name.startsWith(':')) continue;
    (out[name] ??= []).push(raw[i + 1]);
  }
  return out;
}

export function sendJsonText(
  response: ServerResponse,
  code: number,
  text: string,
): void {
  response.writeHead(code, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

export function send(
  response: ServerResponse,
  code: number,
  body: unknown,
): void {
  sendJsonText(response, code, JSON.stringify(body));
}

export function sendStatus(response: ServerResponse, status: ApiStatus): void {
  send(response, status.code, status);
}

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES)
      throw new ApiError(failure(413, 'request entity too large'));
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The request's JSON body, unchecked: storage validates what it keeps. */
export async function readJson(request: IncomingMessage): Promise<unknown> {
  const text = await readBody(request);
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ApiError(
      failure(
        400,
        `the body of the request was in an unknown format: ${
          (error as Error).message
        }`,
      ),
    );
  }
}

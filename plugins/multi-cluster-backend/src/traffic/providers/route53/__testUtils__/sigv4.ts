import { createHash, createHmac } from 'node:crypto';

/** The credentials the tests put in the environment for the default chain. */
export const TEST_ACCESS_KEY = 'AKIAFLOTILLATEST0001';
export const TEST_SECRET_KEY = 'flotilla/test/secret/key/0123456789abcdef';

const sha256 = (data: string) =>
  createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) =>
  createHmac('sha256', key).update(data).digest();
const compare = (a: string, b: string) => (a < b ? -1 : 1);
const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(
    /[!'()*]/g,
    c => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * Checks an intercepted request's Signature Version 4 the way the service
 * does (canonical request, string to sign, HMAC chain from the test's
 * secret key) and returns its credential scope, e.g.
 * `AKIA.../20261206/us-east-1/route53/aws4_request`. Throws when it does
 * not verify.
 */
export function verifySigV4(request: Request, body: string): string {
  const auth = request.headers.get('authorization') ?? '';
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^,]+), SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!match) throw new Error(`not SigV4: ${auth}`);
  const [, credential, signedHeaders, signature] = match;
  const [accessKey, date, region, service] = credential.split('/');
  if (accessKey !== TEST_ACCESS_KEY) throw new Error(`key ${accessKey}`);
  const url = new URL(request.url);
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => [rfc3986(k), rfc3986(v)])
    // By name, then value.
    .sort(([a, x], [b, y]) => (a === b ? compare(x, y) : compare(a, b)))
    .map(pair => pair.join('='))
    .join('&');
  const headers = signedHeaders
    .split(';')
    .map(h => `${h}:${headerValue(request, url, h)}\n`)
    .join('');
  const canonical = [
    request.method,
    rfc3986(url.pathname).replace(/%2F/g, '/'),
    query,
    headers,
    signedHeaders,
    sha256(body),
  ].join('\n');
  const amzDate = request.headers.get('x-amz-date') ?? '';
  const scope = `${date}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join(
    '\n',
  );
  let key = hmac(`AWS4${TEST_SECRET_KEY}`, date);
  for (const part of [region, service, 'aws4_request']) key = hmac(key, part);
  const expected = createHmac('sha256', key).update(toSign).digest('hex');
  if (expected !== signature)
    throw new Error('SigV4 signature does not verify');
  return credential;
}

/** Fetch's Request may drop `host` (a forbidden header): the URL has it. */
function headerValue(request: Request, url: URL, name: string): string {
  const value = request.headers.get(name) ?? (name === 'host' ? url.host : '');
  return value.trim().replace(/\s+/g, ' ');
}

/** Puts the test credentials where the SDK's default chain looks first. */
export function useTestCredentials(): void {
  const saved = { ...process.env };
  beforeAll(() => {
    process.env.AWS_ACCESS_KEY_ID = TEST_ACCESS_KEY;
    process.env.AWS_SECRET_ACCESS_KEY = TEST_SECRET_KEY;
    delete process.env.AWS_SESSION_TOKEN;
    delete process.env.AWS_PROFILE;
  });
  afterAll(() => {
    process.env = saved;
  });
}

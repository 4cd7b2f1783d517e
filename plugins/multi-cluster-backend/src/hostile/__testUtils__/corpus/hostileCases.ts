/**
 * The hostile requests every target of a kind gets: bodies, resource maps,
 * path segments and query strings it must refuse.
 */
import { gzipSync } from 'node:zlib';
import type { HostileCase, Target } from './target';

export const json = (value: unknown) => JSON.stringify(value);

/** The quantities the report found answered 500 (or accepted). */
export const BAD_QUANTITIES: unknown[] = [
  'abc',
  '',
  'NaN',
  'Infinity',
  '0x10',
  '1..5',
  '1e999999999Ki',
  '1e999999999',
  '-1',
  '9'.repeat(70),
  { cpu: 1 },
  null,
];

/** Keys every plain object has, as JSON keys. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'];

/** `{ "<key>": value }` written as JSON text, so `__proto__` stays a key. */
export function objectWithKey(key: string, value: unknown): string {
  return `{${JSON.stringify(key)}:${JSON.stringify(value)}}`;
}

/** A JSON object with `count` keys, written without building it. */
export function manyKeys(count: number, value = 'x'): string {
  const parts: string[] = [];
  for (let i = 0; i < count; i++) parts.push(`"k${i}":"${value}"`);
  return `{${parts.join(',')}}`;
}

/** Each field of a valid request replaced by something it cannot be. */
function everyFieldCases(fields: string[], fieldBudget: number): HostileCase[] {
  return [
    {
      label: 'every field a long string',
      body: json(
        Object.fromEntries(fields.map(f => [f, 'x'.repeat(fieldBudget)])),
      ),
    },
    {
      label: 'every field an object',
      body: json(Object.fromEntries(fields.map(f => [f, { a: [1] }]))),
      status: 400,
    },
    {
      label: 'every field null',
      body: json(Object.fromEntries(fields.map(f => [f, null]))),
      status: 400,
    },
    {
      label: 'control characters and lone surrogates in every field',
      body: json(
        Object.fromEntries(
          fields.map(f => [f, '\u0000\u001b[31m\ud800\u2028']),
        ),
      ),
      status: 400,
    },
  ];
}

/** Requests every route or action with a body must refuse. */
export function bodyCases(
  valid: Record<string, unknown>,
  limit: number,
): HostileCase[] {
  const fields = Object.keys(valid);
  // Long enough to be over every field's bound, short enough to stay cheap.
  const fieldBudget = Math.min(
    64 * 1_024,
    Math.floor(limit / (fields.length + 2) / 2),
  );
  const cases: HostileCase[] = [
    { label: 'malformed JSON', body: '{"a":', status: 400 },
    { label: 'a JSON string', body: '"x"', status: 400 },
    { label: 'a JSON number', body: '1', status: 400 },
    { label: 'a JSON array', body: '[]', status: 400 },
    { label: 'JSON null', body: 'null', status: 400 },
    {
      label: 'arrays nested 5,000 deep',
      body: `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
    },
    {
      label: 'objects nested 2,000 deep',
      body: `${'{"a":'.repeat(2_000)}1${'}'.repeat(2_000)}`,
    },
    {
      label: 'an unknown field',
      body: json({ ...valid, unknownField: 1 }),
      status: 400,
    },
    {
      label: '__proto__ with a polluting value',
      body: `{"__proto__":{"polluted":true},${json(valid).slice(1)}`,
      status: 400,
    },
    {
      label: 'constructor.prototype with a polluting value',
      body: objectWithKey('constructor', { prototype: { polluted: true } }),
      status: 400,
    },
    ...(fields.length === 0 ? [] : everyFieldCases(fields, fieldBudget)),
    {
      label: 'many unknown keys',
      body: manyKeys(Math.min(20_000, Math.floor(limit / 16))),
      status: 400,
    },
    {
      label: 'a body over the limit',
      body: json({ ...valid, padding: 'x'.repeat(limit + 1_024) }),
      status: 413,
    },
    {
      label: 'a gzip body that inflates over the limit',
      body: gzipSync(json({ padding: '0'.repeat(limit * 2) })),
      headers: { 'Content-Encoding': 'gzip' },
      status: 413,
    },
    {
      label: 'an unsupported content encoding',
      body: json(valid),
      headers: { 'Content-Encoding': 'x-unknown' },
      status: 400,
    },
    {
      label: 'an unsupported charset',
      body: json(valid),
      headers: { 'Content-Type': 'application/json; charset=ebcdic' },
      status: 415,
    },
  ];
  return cases;
}

/**
 * Bodies a route must leave unread with 415: only UTF-8 JSON is read, so the
 * JSON limits see the decoded text. (Actions are invoked through Backstage's
 * actions registry, which reads bodies its own way.)
 */
export function mediaTypeCases(valid: Record<string, unknown>): HostileCase[] {
  return [
    {
      label: 'JSON in UTF-16',
      body: Buffer.from(json(valid), 'utf16le'),
      headers: { 'Content-Type': 'application/json; charset=utf-16le' },
      status: 415,
    },
    {
      label: 'a form instead of JSON',
      body: 'replicas=1',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      status: 415,
    },
    {
      label: 'JSON sent as text/plain',
      body: json(valid),
      headers: { 'Content-Type': 'text/plain' },
      status: 415,
    },
  ];
}

/** Quantities and resource names in a resource map at `place`. */
export function resourceCases(
  valid: Record<string, unknown>,
  place: (resources: string) => string,
): HostileCase[] {
  return [
    ...BAD_QUANTITIES.map(value => ({
      label: `quantity ${JSON.stringify(value).slice(0, 20)}`,
      body: place(json({ cpu: value })),
      status: 400,
    })),
    ...PROTOTYPE_KEYS.map(key => ({
      label: `resource named ${key}`,
      body: place(objectWithKey(key, '1')),
      status: 400,
    })),
    {
      label: '50,000 resources',
      body: place(manyKeys(50_000, '1')),
      status: 400,
    },
  ].map(c => ({ ...c, label: `${c.label} (${Object.keys(valid)[0]})` }));
}

/** Requests with the target's body but another path or query. */
export function pathCases(
  make: (segment: string) => string,
  what: string,
): HostileCase[] {
  return [
    { label: `a ${what} of 300 characters`, path: make('a'.repeat(300)) },
    { label: `a ${what} of 8,000 characters`, path: make('b'.repeat(8_000)) },
    { label: `a ${what} with a space`, path: make('a%20b') },
    { label: `a ${what} with unicode`, path: make('%C3%A9t%C3%A9') },
    { label: `a ${what} with a NUL`, path: make('a%00b') },
    { label: `a ${what} with a leading dot`, path: make('.hidden') },
    { label: `a ${what} with an encoded slash`, path: make('a%2Fb') },
    {
      label: `a ${what} that is a script`,
      path: make('%3Cscript%3E'),
    },
  ].map(c => ({ ...c, status: 400 }));
}

/** Query strings a route without parameters must refuse. */
export function unknownQueryCases(path: string): HostileCase[] {
  return [
    { label: 'an unknown query parameter', path: `${path}?zz=1` },
    { label: 'a nested query parameter', path: `${path}?a[b][c]=1` },
    {
      label: '1,000 query parameters',
      path: `${path}?${Array.from({ length: 1_000 }, (_, i) => `p${i}=1`).join(
        '&',
      )}`,
    },
  ].map(c => ({ ...c, status: 400 }));
}

/**
 * A GET of one named resource: a bad `what` in its path (made by `make`) and
 * any query parameter are refused, then `extraCases`.
 */
export function readOneTarget(
  name: string,
  path: string,
  make: (segment: string) => string,
  what: string,
  extraCases: HostileCase[] = [],
): Target {
  return {
    name,
    method: 'get',
    path,
    cases: [
      ...pathCases(make, what),
      ...unknownQueryCases(path),
      ...extraCases,
    ],
  };
}

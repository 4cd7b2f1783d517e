import { z } from 'zod';
import { MAX_QUANTITY_LENGTH, QUANTITY_FORMAT_ERROR } from './quantity';
import { MAX_RESOURCE_LIST_ENTRIES } from './resourceList';
import {
  quantitySchema,
  requestQuantitySchema,
  resourceListSchema,
  resourceRequestSchema,
  trimGoSpace,
} from './schemas';

/** The backend's `field: reason` formatting of zod issues. */
function issues(schema: z.ZodTypeAny, input: unknown): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map(
    issue => `${issue.path.join('.')}: ${issue.message}`,
  );
}

const body = z.object({
  replicas: z.number(),
  resourceRequest: resourceRequestSchema.optional(),
  resourceSummary: z
    .object({ allocatable: resourceListSchema.optional() })
    .optional(),
});

describe('quantitySchema', () => {
  it.each([
    ['500m', '500m'],
    [2, '2'],
    [0.5, '0.5'],
    ['  1.5Gi\n', '1.5Gi'],
    ['\u00851\u3000', '1'],
    ['-1', '-1'],
  ])('reads %p as %p', (input, text) => {
    expect(quantitySchema.parse(input)).toBe(text);
  });

  it.each([
    ['abc', QUANTITY_FORMAT_ERROR],
    ['\ufeff1', QUANTITY_FORMAT_ERROR], // Go's TrimSpace keeps the BOM
    ['1e10000000', 'quantity exponents must be between -100 and 100'],
    ['1e999999999Ki', QUANTITY_FORMAT_ERROR],
    [
      '1e19',
      'quantities must not exceed 9223372036854775807 (2^63-1) in magnitude',
    ],
    [
      '1'.repeat(MAX_QUANTITY_LENGTH + 1),
      `quantities must be at most ${MAX_QUANTITY_LENGTH} characters long`,
    ],
    [
      ' '.repeat(1_000_000),
      `quantities must be at most ${MAX_QUANTITY_LENGTH} characters long`,
    ],
    [Infinity, 'quantities must be a string or a finite number'],
    [NaN, 'quantities must be a string or a number'],
    [true, 'quantities must be a string or a number'],
    [null, 'quantities must be a string or a number'],
  ])('refuses %p', (input, message) => {
    expect(issues(quantitySchema, input)).toEqual([`: ${message}`]);
  });

  it('refuses negative requests', () => {
    expect(issues(requestQuantitySchema, '-1')).toEqual([
      ': must be greater than or equal to 0',
    ]);
    expect(requestQuantitySchema.parse('0')).toBe('0');
  });
});

describe('resource list schemas in a request body', () => {
  it('name the field in every refusal', () => {
    const input = JSON.parse(`{
      "replicas": 3,
      "resourceRequest": {"cpu": "1e10000000", "memory": "-1Gi", "__proto__": "1", "constructor": "1"},
      "resourceSummary": {"allocatable": {"cpu": "abc", "pods": "-5"}}
    }`);
    expect(issues(body, input)).toEqual([
      'resourceRequest.cpu: quantity exponents must be between -100 and 100',
      'resourceRequest.memory: must be greater than or equal to 0',
      "resourceRequest.__proto__: '__proto__' is reserved and cannot be a resource name",
      "resourceRequest.constructor: 'constructor' is reserved and cannot be a resource name",
      `resourceSummary.allocatable.cpu: ${QUANTITY_FORMAT_ERROR}`,
    ]);
  });

  it('output plain validated lists of quantity text', () => {
    const parsed = body.parse({
      replicas: 1,
      resourceRequest: { cpu: '500m', 'nvidia.com/gpu': 1 },
      resourceSummary: { allocatable: { cpu: ' 4 ', pods: '-5' } },
    });
    expect(parsed.resourceRequest).toEqual({
      cpu: '500m',
      'nvidia.com/gpu': '1',
    });
    expect(parsed.resourceSummary?.allocatable).toEqual({
      cpu: '4',
      pods: '-5',
    });
  });

  it('refuse lists that are too long before parsing their entries', () => {
    const resourceRequest = Object.fromEntries(
      Array.from({ length: MAX_RESOURCE_LIST_ENTRIES + 1 }, (_, index) => [
        `example.com/r${index}`,
        'not a quantity',
      ]),
    );
    expect(issues(body, { replicas: 1, resourceRequest })).toEqual([
      `resourceRequest: must have at most ${MAX_RESOURCE_LIST_ENTRIES} resources, got ${
        MAX_RESOURCE_LIST_ENTRIES + 1
      }`,
    ]);
  });

  it.each([[['1']], ['cpu=1'], [null]])('refuse %p as a list', input => {
    expect(issues(resourceListSchema, input)).toEqual([
      ': must be a map of resource names to quantities',
    ]);
  });
});

describe('trimGoSpace', () => {
  it("trims what Go's strings.TrimSpace trims", () => {
    expect(
      trimGoSpace(
        '\t\n\v\f\r \u0085\u00a01\u2000\u200a\u2028\u2029\u202f\u205f\u3000',
      ),
    ).toBe('1');
    expect(trimGoSpace('\ufeff1')).toBe('\ufeff1');
    expect(trimGoSpace('   ')).toBe('');
  });
});

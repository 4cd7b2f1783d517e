import {
  boundedArray,
  boundedRecord,
  requestObject,
} from '@flotilla/plugin-multi-cluster-common';
import { z } from 'zod';
import { requestJsonSchema } from './requestJsonSchema';

describe('requestJsonSchema', () => {
  it('describes what a caller sends, with every bound', () => {
    const schema = requestObject({
      name: z
        .string()
        .min(1)
        .max(63)
        .regex(/^[a-z]+$/),
      replicas: z.number().int().min(0).max(1_000),
      cost: z.number().positive().optional(),
      tags: boundedArray(z.enum(['a', 'b']), 10).optional(),
      labels: boundedRecord(z.string().max(317), z.string().max(63), 100),
      limit: z
        .string()
        .regex(/^\d+$/)
        .transform(Number)
        .pipe(z.number())
        .default('50')
        .describe('Page size'),
    });
    expect(requestJsonSchema(schema)).toEqual({
      type: 'object',
      properties: {
        name: {
          type: 'string',
          minLength: 1,
          maxLength: 63,
          pattern: '^[a-z]+$',
        },
        replicas: { type: 'integer', minimum: 0, maximum: 1000 },
        cost: { type: 'number', exclusiveMinimum: 0 },
        tags: {
          type: 'array',
          items: { type: 'string', enum: ['a', 'b'] },
          minItems: 0,
          maxItems: 10,
        },
        labels: {
          type: 'object',
          propertyNames: { type: 'string', maxLength: 317 },
          additionalProperties: { type: 'string', maxLength: 63 },
          maxProperties: 100,
        },
        limit: {
          type: 'string',
          pattern: '^\\d+$',
          default: '50',
          description: 'Page size',
        },
      },
      required: ['name', 'replicas', 'labels'],
      additionalProperties: false,
    });
  });

  it('refuses a zod kind it cannot describe', () => {
    expect(() => requestJsonSchema(z.tuple([z.string(), z.number()]))).toThrow(
      "No JSON Schema for the zod type 'ZodTuple'",
    );
  });

  it('describes what a route answers: literals, unions, nulls, any value', () => {
    const step = z.object({ kind: z.literal('verify'), output: z.unknown() });
    const schema = z.object({
      status: z.literal('ok'),
      value: z.union([z.string(), z.number()]),
      step: z.discriminatedUnion('kind', [
        step,
        z.object({ kind: z.literal('notify') }),
      ]),
      rto: z.number().nullable(),
    });
    expect(requestJsonSchema(schema)).toEqual({
      type: 'object',
      properties: {
        status: { const: 'ok' },
        value: { anyOf: [{ type: 'string' }, { type: 'number' }] },
        step: {
          oneOf: [
            {
              type: 'object',
              properties: { kind: { const: 'verify' }, output: {} },
              required: ['kind'],
            },
            {
              type: 'object',
              properties: { kind: { const: 'notify' } },
              required: ['kind'],
            },
          ],
        },
        rto: { anyOf: [{ type: 'number' }, { type: 'null' }] },
      },
      required: ['status', 'value', 'step', 'rto'],
    });
  });

  it('refers to a shared part by name, except in its own description', () => {
    const run = z.object({ id: z.string() });
    const list = z.object({ items: z.array(run), latest: run.optional() });
    const refs = new Map<z.ZodTypeAny, string>([[run, 'Run']]);
    expect(requestJsonSchema(list, refs)).toEqual({
      type: 'object',
      properties: {
        items: { type: 'array', items: { $ref: '#/components/schemas/Run' } },
        latest: { $ref: '#/components/schemas/Run' },
      },
      required: ['items'],
    });
    expect(requestJsonSchema(run, refs)).toEqual({
      type: 'object',
      properties: { id: { type: 'string' } },
      required: ['id'],
    });
  });
});

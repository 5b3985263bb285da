import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSerializerCompiler, serializableSchema } from './serializer';

const compile = (schema: z.ZodType, check = false) =>
  createSerializerCompiler({ check })({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never);
const jsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'output', target: 'draft-07' });

const item = z.object({
  id: z.string(),
  cost: z.string().regex(/^\d+\.\d{2}$/),
  count: z.number().int(),
  ratio: z.number().nullable(),
  status: z.enum(['open', 'closed']).nullable(),
  owner: z.object({ id: z.string(), name: z.string() }).nullable(),
  tags: z.array(z.string()),
  note: z.string().optional(),
});

describe('compiled response serializers', () => {
  it('write what zod writes and drop every key outside the schema, nested ones too', () => {
    const data = {
      id: 'a',
      cost: '1.50',
      count: 2,
      ratio: null,
      status: 'open',
      secret: 'x',
      owner: { id: 'u', name: 'Ann', passwordHash: 'h' },
      tags: ['t"q', 'é\u2028'],
    };
    const fast = compile(z.object({ items: z.array(item), total: z.number() }));
    const written = fast({
      items: [data, { ...data, owner: null, status: null, ratio: 0.5, note: 'n' }],
      total: 2,
      hidden: true,
    });
    expect(JSON.parse(written)).toEqual({
      items: [
        {
          id: 'a',
          cost: '1.50',
          count: 2,
          ratio: null,
          status: 'open',
          owner: { id: 'u', name: 'Ann' },
          tags: ['t"q', 'é\u2028'],
        },
        { id: 'a', cost: '1.50', count: 2, ratio: 0.5, status: null, owner: null, tags: ['t"q', 'é\u2028'], note: 'n' },
      ],
      total: 2,
    });
    expect(written).not.toContain('secret');
    expect(written).not.toContain('passwordHash');
  });

  it('refuses an answer that lacks a required field, as zod does', () => {
    expect(() => compile(item)({ id: 'a' })).toThrow();
  });

  it('keeps zod for what it cannot write exactly: unions of objects, tuples, open objects, defaults', () => {
    for (const schema of [
      z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]),
      z.tuple([z.string(), z.number()]),
      z.looseObject({ a: z.string() }),
      z.object({ a: z.string().default('x') }),
      z.null(),
    ]) {
      expect(serializableSchema(jsonSchema(schema)), JSON.stringify(jsonSchema(schema))).toBeNull();
    }
    expect(serializableSchema(jsonSchema(item))).not.toBeNull();
  });

  it('with the check on, fails loudly where zod would refuse the answer', () => {
    expect(() =>
      compile(
        item,
        true,
      )({ ...{ id: 'a', cost: 'cheap', count: 1, ratio: null, status: null, owner: null, tags: [] } }),
    ).toThrow();
  });
});

import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import fastifyCompress from '@fastify/compress';
import { BYTES_FROM, JsonText, inOnePiece, jsonArrayText, jsonBytes, sendJsonText } from './json-text';

describe('inOnePiece', () => {
  it('gives back the same text, every UTF-16 code unit as it was', () => {
    const odd = [
      '',
      '{}',
      'plain',
      'quote " backslash \\ slash /',
      'tab\tline\nnul\u0000',
      'é 中文 😀',
      '\u2028\u2029',
    ];
    // Lone surrogates (a half of an emoji) survive too.
    odd.push('\ud83d', 'a\ude00b', '😀'.slice(1));
    for (const text of odd) expect(inOnePiece(text)).toBe(text);
  });

  it('keeps a text built piece by piece the same', () => {
    let built = '{';
    for (let i = 0; i < 300; i++) built += `"f${i}":"v${i}",`;
    built += '"end":true}';
    const whole = inOnePiece(built);
    expect(whole).toBe(built);
    expect(JSON.parse(whole)).toEqual(JSON.parse(built));
  });
});

const samples = [
  '',
  'plain',
  'Café crème',
  'Ωμέγα ß',
  '😀 emoji',
  '"quoted" \\ back',
  'lone \ud800 high',
  'lone \udc00 low',
];

describe('JSON texts sent in pieces', () => {
  it('encodes the pieces to exactly the bytes of the whole text', () => {
    for (const a of samples)
      for (const b of samples) {
        const json = new JsonText(a, b, '', a);
        expect(jsonBytes(json).equals(Buffer.from(a + b + a, 'utf8'))).toBe(true);
      }
  });

  it('encodes a surrogate pair split between two pieces as the one character it is', () => {
    const json = new JsonText('{"name":"\ud83d', '\ude00"}');
    expect(json.text).toBe('{"name":"😀"}');
    expect(jsonBytes(json).toString('utf8')).toBe('{"name":"😀"}');
  });

  it('writes a JSON array of texts in their order', () => {
    expect(jsonArrayText([]).text).toBe('[]');
    expect(jsonArrayText(['{"a":1}']).text).toBe('[{"a":1}]');
    const texts = ['{"a":"é"}', '{"b":"😀"}', '{"c":null}'];
    expect(JSON.parse(jsonBytes(jsonArrayText(texts)).toString('utf8'))).toEqual([
      { a: 'é' },
      { b: '😀' },
      { c: null },
    ]);
  });

  it.each([
    ['a small answer (sent as a string)', 10],
    ['a large answer (sent as its bytes)', 2_000],
  ])('answers %s with the text as JSON, its length counted in bytes', async (_what, count) => {
    const app = Fastify();
    const sent: unknown[] = [];
    app.addHook('onSend', async (_request, _reply, payload) => {
      sent.push(payload);
      return payload;
    });
    const names = ['Zoë', '株式会社', '😀'];
    const texts = Array.from({ length: count }, (_, i) => JSON.stringify({ name: names[i % 3] }));
    app.get('/', (_request, reply) => sendJsonText(reply, jsonArrayText(texts)));
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(Buffer.isBuffer(sent[0])).toBe(count === 2_000);
    expect(typeof sent[0] === 'string').toBe(count === 10);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-length']).toBe(String(Buffer.byteLength(`[${texts.join(',')}]`)));
    expect(response.json()).toEqual(texts.map((_, i) => ({ name: names[i % 3] })));
    await app.close();
  });

  it('is compressed for a client that accepts gzip, as the app compresses its answers', async () => {
    const app = Fastify();
    await app.register(fastifyCompress, { threshold: 1024 });
    const texts = Array.from({ length: 2_000 }, (_, i) => JSON.stringify({ i, name: `Zoë ${i} 😀` }));
    expect(texts.join(',').length).toBeGreaterThan(BYTES_FROM);
    app.get('/', (_request, reply) => sendJsonText(reply, jsonArrayText(texts)));
    const response = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString('utf8')).toBe(`[${texts.join(',')}]`);
    await app.close();
  });
});

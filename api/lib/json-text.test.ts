import { describe, expect, it } from 'vitest';
import { inOnePiece } from './json-text';

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

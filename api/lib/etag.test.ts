import { describe, expect, it } from 'vitest';
import { etagOf, ifNoneMatch } from './etag';

describe('etagOf', () => {
  it('gives the same weak tag for the same bytes and another for other bytes', () => {
    const tag = etagOf(Buffer.from('{"a":1}'));
    expect(tag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(etagOf(Buffer.from('{"a":1}'))).toBe(tag);
    expect(etagOf(Buffer.from('{"a":2}'))).not.toBe(tag);
  });
});

describe('ifNoneMatch', () => {
  const tag = etagOf(Buffer.from('[]'));
  const opaque = tag.slice(2);

  it('matches the tag itself, its strong spelling, a list naming it and *', () => {
    expect(ifNoneMatch(tag, tag)).toBe(true);
    expect(ifNoneMatch(opaque, tag)).toBe(true);
    expect(ifNoneMatch(`"other", ${tag}`, tag)).toBe(true);
    expect(ifNoneMatch('*', tag)).toBe(true);
  });

  it('matches nothing else: no header, another tag, a tag without its quotes', () => {
    expect(ifNoneMatch(undefined, tag)).toBe(false);
    expect(ifNoneMatch('', tag)).toBe(false);
    expect(ifNoneMatch('W/"other"', tag)).toBe(false);
    expect(ifNoneMatch(opaque.slice(1, -1), tag)).toBe(false);
  });
});

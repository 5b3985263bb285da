import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HashingBusy, HashPool, WAITING_PER_SLOT, type ScryptJob } from './hash-pool';

const job = (password: string): ScryptJob => ({
  password,
  salt: Buffer.from('0123456789abcdef'),
  keyLength: 32,
  options: { N: 2 ** 12, r: 8, p: 1, maxmem: 256 * 2 ** 12 * 8 },
});

describe('the hashing pool', () => {
  it('computes what scrypt computes, on a worker thread', async () => {
    const pool = new HashPool(1);
    const { password, salt, keyLength, options } = job('secret');
    expect((await pool.run(job('secret'))).equals(scryptSync(password, salt, keyLength, options))).toBe(true);
  });

  it('refuses beyond its wait line with a Retry-After, and serves trusted work first', async () => {
    const pool = new HashPool(1);
    const order: string[] = [];
    const track = (name: string, priority: 'trusted' | 'normal' = 'normal') =>
      pool.run(job(name), priority).then(() => order.push(name));
    // One running and a full wait line.
    const accepted = Array.from({ length: WAITING_PER_SLOT + 1 }, (_, i) => track(`normal_${i}`));
    let refused: unknown;
    try {
      await pool.run(job('one too many'));
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(HashingBusy);
    expect((refused as HashingBusy).statusCode).toBe(429);
    expect((refused as HashingBusy).details?.retryAfterSeconds).toBeGreaterThan(0);
    // A trusted device's sign-in has its own line and goes ahead of everything waiting.
    const trusted = track('trusted', 'trusted');
    await Promise.all([...accepted, trusted]);
    expect(order[0]).toBe('normal_0');
    expect(order[1]).toBe('trusted');
    expect(order).toHaveLength(WAITING_PER_SLOT + 2);
  });
});

import { describe, expect, it } from 'vitest';
import { countOf, plural } from './plural';

describe('plural', () => {
  it('picks the singular for one only', () => {
    expect(plural(1, 'change', 'changes')).toBe('change');
    expect(plural(0, 'change', 'changes')).toBe('changes');
    expect(plural(2, 'it', 'they')).toBe('they');
  });

  it('writes the count with its word', () => {
    expect(countOf(1, 'receipt', 'receipts')).toBe('1 receipt');
    expect(countOf(1234, 'customer', 'customers')).toBe('1,234 customers');
  });
});

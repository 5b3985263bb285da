import { describe, expect, it } from 'vitest';
import { INSPECTION_TAX_RATE, INVOICE_TAX_RATE } from './constants';
import { formatCents, parseCents, percentOf, serviceTotalCents, totalsWithTax } from './money';

describe('parseCents', () => {
  it.each([
    ['45', 4500],
    ['45.5', 4550],
    ['45.50', 4550],
    [' 0.07 ', 7],
    ['0', 0],
    [45.5, 4550],
    [0.1 + 0.2, 30],
    [19.99, 1999],
    [1.005, 101],
    ['1.005', 101],
    ['1.004', 100],
    [1e-9, 0],
  ])('%j is %i cents', (input, cents) => {
    expect(parseCents(input)).toBe(cents);
  });

  it.each(['', 'abc', '-1', '1e5', '1,000.00', '.5', Number.NaN, -0.01, Infinity, 1e14])(
    '%j is not an amount',
    (input) => {
      expect(parseCents(input as string)).toBeNull();
    },
  );
});

describe('formatCents', () => {
  it.each([
    [0, '0.00'],
    [7, '0.07'],
    [4550, '45.50'],
    [123456789, '1234567.89'],
    [-250, '-2.50'],
  ])('%i is %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });
});

describe('tax rounding, half up to the cent', () => {
  it('8% of invoice subtotals', () => {
    expect(percentOf(6, INVOICE_TAX_RATE)).toBe(0); // 0.48 cents
    expect(percentOf(7, INVOICE_TAX_RATE)).toBe(1); // 0.56 cents
    expect(percentOf(1_000, INVOICE_TAX_RATE)).toBe(80);
    expect(percentOf(19_99, INVOICE_TAX_RATE)).toBe(160); // 159.92
    expect(percentOf(5_625, INVOICE_TAX_RATE)).toBe(450); // exactly 450
    expect(percentOf(6_25, INVOICE_TAX_RATE)).toBe(50); // exactly 50
    expect(percentOf(31_25 + 6, INVOICE_TAX_RATE)).toBe(250); // 250.48
  });

  it('8.5% of inspection estimates, with exact halves going up', () => {
    expect(percentOf(100, INSPECTION_TAX_RATE)).toBe(9); // 8.5 → 9
    expect(percentOf(300, INSPECTION_TAX_RATE)).toBe(26); // 25.5 → 26
    expect(percentOf(200, INSPECTION_TAX_RATE)).toBe(17);
    expect(totalsWithTax(12_345, INSPECTION_TAX_RATE)).toEqual({
      subtotalCents: 12_345,
      taxCents: 1_049, // 1049.325
      totalCents: 13_394,
    });
  });
});

describe('service totals', () => {
  it('uses the sum of parts when a service has parts, else its partsCost', () => {
    expect(serviceTotalCents({ laborCostCents: 5_000, partsCostCents: 999, parts: [] })).toBe(5_999);
    expect(
      serviceTotalCents({
        laborCostCents: 5_000,
        partsCostCents: 999,
        parts: [{ partCostCents: 1_250 }, { partCostCents: 4_99 }],
      }),
    ).toBe(6_749);
  });
});

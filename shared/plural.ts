// The one place counts get their word: English plural rules from Intl.PluralRules, so "1 change"
// and "0 changes" come out right without each screen comparing with 1.
const rules = new Intl.PluralRules('en-US');

/** The word that goes with `count`: plural(1, 'change', 'changes') → 'change'. */
export function plural(count: number, one: string, other: string): string {
  return rules.select(count) === 'one' ? one : other;
}

/** The count and its word: countOf(3, 'change', 'changes') → '3 changes'. */
export function countOf(count: number, one: string, other: string): string {
  return `${count.toLocaleString('en-US')} ${plural(count, one, other)}`;
}

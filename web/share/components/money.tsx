import { formatMoney } from '../lib/format';

export function Money({ amount }: { amount: string | number | null | undefined }) {
  return <span className="num">{formatMoney(amount)}</span>;
}

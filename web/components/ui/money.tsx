import { formatMoney, formatMoneyCents } from '@web/lib/format';

const style = { fontVariantNumeric: 'tabular-nums' } as const;

/** An API money string or number as "$1,234.50", with tabular figures. */
export function Money({ amount, className }: { amount: string | number | null | undefined; className?: string }) {
  return (
    <span className={className} style={style}>
      {formatMoney(amount)}
    </span>
  );
}

/** Integer cents as "$1,234.50". */
export function MoneyCents({ cents, className }: { cents: number; className?: string }) {
  return (
    <span className={className} style={style}>
      {formatMoneyCents(cents)}
    </span>
  );
}

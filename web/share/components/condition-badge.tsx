import { brakePadCondition, conditionTone } from '../lib/conditions';
import { formatMm, humanize } from '../lib/format';
import { Badge } from './badge';

/** An option value ('slightly_dirty') as a coloured word ('Slightly dirty'), or N/A. */
export function ConditionBadge({ value }: { value: string | null | undefined }) {
  if (!value) return <span className="na">N/A</span>;
  return <Badge tone={conditionTone(value)}>{humanize(value)}</Badge>;
}

/** A brake pad's thickness with its rating: below 3 mm poor, otherwise good. */
export function BrakePadValue({ mm }: { mm: number | null }) {
  if (mm === null) return <span className="na">N/A</span>;
  const condition = brakePadCondition(mm);
  return (
    <span className="value-with-badge">
      <span className="num">{formatMm(mm)}</span>
      <ConditionBadge value={condition} />
    </span>
  );
}

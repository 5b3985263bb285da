import { useId, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { PRESET_LABELS, PRESETS, presetRange, rangeProblem, type DateRange, type Preset } from '../api/date-range';
import styles from './reports.module.css';

export interface RangePickerProps {
  preset: Preset;
  range: DateRange;
  onChange: (preset: Preset, range: DateRange) => void;
}

/** Preset ranges as toggle buttons; Custom shows two date fields, applied once both make sense. */
export function RangePicker({ preset, range, onChange }: RangePickerProps) {
  const [draft, setDraft] = useState<DateRange>(range);
  const id = useId();
  const problem = rangeProblem(draft);
  const choose = (next: Preset) => {
    if (next === 'custom') {
      setDraft(range);
      onChange('custom', range);
    } else {
      onChange(next, presetRange(next));
    }
  };
  const edit = (field: keyof DateRange, value: string) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    if (rangeProblem(next) === null) onChange('custom', next);
  };
  return (
    <div className={styles.picker}>
      <div className={styles.presets} role="group" aria-label="Date range">
        {PRESETS.map((p) => (
          <Button
            key={p}
            variant={p === preset ? 'primary' : 'secondary'}
            aria-pressed={p === preset}
            onClick={() => choose(p)}
          >
            {PRESET_LABELS[p]}
          </Button>
        ))}
      </div>
      {preset === 'custom' ? (
        <div className={styles.customRange}>
          <div className={styles.dateField}>
            <Label htmlFor={`${id}-from`}>From</Label>
            <Input
              id={`${id}-from`}
              type="date"
              value={draft.from}
              max={draft.to || undefined}
              onChange={(e) => edit('from', e.target.value)}
            />
          </div>
          <div className={styles.dateField}>
            <Label htmlFor={`${id}-to`}>To</Label>
            <Input
              id={`${id}-to`}
              type="date"
              value={draft.to}
              min={draft.from || undefined}
              onChange={(e) => edit('to', e.target.value)}
            />
          </div>
          {problem ? (
            <p className={styles.problem} role="alert">
              {problem}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

import {
  FILTER_CONDITIONS,
  FLUID_LEVELS,
  OIL_CONDITIONS,
  SUSPENSION_CONDITIONS,
  type MediaItemKey,
} from '@shared/constants';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { humanize } from '@web/lib/format';
import { MediaAttach } from '@web/widgets/media/components/media-attach';
import { MEDIA_ITEM_LABELS } from '@web/widgets/media/media-labels';
import { NO_CONDITION, type ConditionField, type InspectionDraft } from './inspection-form-model';
import styles from './inspection-form.module.css';

// `media`: the item whose photos sit under the field (oil's under its condition, none under its level).
const CONDITIONS: { field: ConditionField; label: string; options: readonly string[]; media?: MediaItemKey }[] = [
  { field: 'cabinFilterCondition', label: 'Cabin Filter', options: FILTER_CONDITIONS, media: 'cabinFilter' },
  { field: 'engineFilterCondition', label: 'Engine Filter', options: FILTER_CONDITIONS, media: 'engineFilter' },
  { field: 'oilCondition', label: 'Oil Condition', options: OIL_CONDITIONS, media: 'oil' },
  { field: 'oilLevel', label: 'Oil Level', options: FLUID_LEVELS },
  { field: 'coolantLevel', label: 'Coolant Level', options: FLUID_LEVELS, media: 'coolant' },
  { field: 'suspensionCondition', label: 'Suspension', options: SUSPENSION_CONDITIONS, media: 'suspension' },
];

const photosOf = (item: MediaItemKey) => <MediaAttach itemKey={item} label={MEDIA_ITEM_LABELS[item]} />;

const optionsOf = (values: readonly string[]) => [
  { value: NO_CONDITION, label: 'Not checked' },
  ...values.map((value) => ({ value, label: humanize(value) })),
];

export interface ConditionFieldsProps {
  draft: InspectionDraft;
  errors: Record<string, string>;
  onChange: (patch: Partial<InspectionDraft>) => void;
}

export function ConditionFields({ draft, errors, onChange }: ConditionFieldsProps) {
  return (
    <>
      <fieldset className={styles.section}>
        <legend className={styles.sectionTitle}>Fluids, Filters and Suspension</legend>
        <div className={styles.grid}>
          {CONDITIONS.map(({ field, label, options, media }) => (
            <div key={field} className={styles.item}>
              <FormField label={label} error={errors[field]}>
                <Select
                  options={optionsOf(options)}
                  value={draft.conditions[field]}
                  onValueChange={(value) => onChange({ conditions: { ...draft.conditions, [field]: value } })}
                />
              </FormField>
              {media ? photosOf(media) : null}
            </div>
          ))}
          <div className={styles.item}>
            <FormField label="Check Engine Light" error={errors.checkEngineLight}>
              <Select
                options={[
                  { value: 'off', label: 'Off' },
                  { value: 'on', label: 'On' },
                ]}
                value={draft.checkEngineLight}
                onValueChange={(value) => onChange({ checkEngineLight: value === 'on' ? 'on' : 'off' })}
              />
            </FormField>
            {photosOf('checkEngineLight')}
          </div>
        </div>
      </fieldset>
      <fieldset className={styles.section}>
        <legend className={styles.sectionTitle}>Leaks, Codes and Notes</legend>
        <FormField
          label="Leaks"
          hint="Separate leaks with commas, e.g. Oil pan gasket, Coolant hose"
          error={errors.leaks}
        >
          <Input value={draft.leaks} onChange={(e) => onChange({ leaks: e.target.value })} />
        </FormField>
        {photosOf('leaks')}
        <FormField label="Diagnostic Codes" error={errors.diagnosticCodes}>
          <Input value={draft.diagnosticCodes} onChange={(e) => onChange({ diagnosticCodes: e.target.value })} />
        </FormField>
        {photosOf('diagnosticCodes')}
        <FormField label="Notes" error={errors.notes}>
          <Textarea value={draft.notes} onChange={(e) => onChange({ notes: e.target.value })} />
        </FormField>
      </fieldset>
    </>
  );
}

import { MEASUREMENT_FIELDS, type MeasurementField, type MediaItemKey } from '@shared/constants';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { MediaAttach } from '@web/widgets/media/components/media-attach';
import { MEDIA_ITEM_LABELS } from '@web/widgets/media/media-labels';
import styles from './inspection-form.module.css';

export const MEASUREMENT_LABELS: Record<MeasurementField, string> = {
  frontLeftTread: 'Front Left Tread (mm)',
  frontRightTread: 'Front Right Tread (mm)',
  rearLeftTread: 'Rear Left Tread (mm)',
  rearRightTread: 'Rear Right Tread (mm)',
  frontLeftBrake: 'Front Left Brake (mm)',
  frontRightBrake: 'Front Right Brake (mm)',
  rearLeftBrake: 'Rear Left Brake (mm)',
  rearRightBrake: 'Rear Right Brake (mm)',
};

/** The inspection item a measurement's photos belong to (a tread's photos are its tire's). */
const itemOf = (field: MeasurementField) => field.replace('Tread', 'Tire') as MediaItemKey;

export interface MeasurementFieldsProps {
  values: Record<MeasurementField, string>;
  errors: Record<string, string>;
  onChange: (field: MeasurementField, value: string) => void;
}

export function MeasurementFields({ values, errors, onChange }: MeasurementFieldsProps) {
  const group = (kind: 'Tread' | 'Brake', title: string) => (
    <fieldset className={styles.section}>
      <legend className={styles.sectionTitle}>{title}</legend>
      <div className={styles.grid}>
        {MEASUREMENT_FIELDS.filter((f) => f.endsWith(kind)).map((field) => (
          <div key={field} className={styles.item}>
            <FormField label={MEASUREMENT_LABELS[field]} error={errors[field]}>
              <Input
                type="number"
                inputMode="decimal"
                step="0.1"
                min="0"
                name={field}
                value={values[field]}
                onChange={(e) => onChange(field, e.target.value)}
              />
            </FormField>
            <MediaAttach itemKey={itemOf(field)} label={MEDIA_ITEM_LABELS[itemOf(field)]} />
          </div>
        ))}
      </div>
    </fieldset>
  );
  return (
    <>
      {group('Tread', 'Tire Tread Depth')}
      {group('Brake', 'Brake Pad Thickness')}
    </>
  );
}

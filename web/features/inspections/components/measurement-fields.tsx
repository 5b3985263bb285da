import { MEASUREMENT_FIELDS, type MeasurementField } from '../../../../shared/constants';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
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
          <FormField key={field} label={MEASUREMENT_LABELS[field]} error={errors[field]}>
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

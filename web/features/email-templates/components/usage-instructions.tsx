import { TEMPLATE_PLACEHOLDERS } from '@shared/schemas/email-template';
import { RegionCard } from '@web/components/ui/card';
import styles from './email-templates.module.css';

/** How to use a template: copy it, paste it into your e-mail, replace the placeholders. */
export function UsageInstructions() {
  return (
    <RegionCard titleId="template-usage-title" title="How to use templates">
      <ol className={styles.steps}>
        <li>Press Copy on a template to copy its subject and body.</li>
        <li>Paste it into your e-mail.</li>
        <li>Replace the placeholders with the customer&apos;s details:</li>
      </ol>
      <ul className={styles.placeholders} aria-label="Placeholders">
        {TEMPLATE_PLACEHOLDERS.map((placeholder) => (
          <li key={placeholder}>
            <code>{placeholder}</code>
          </li>
        ))}
      </ul>
    </RegionCard>
  );
}

import { ClipboardCheck, Users, Wrench } from 'lucide-react';
import { PRODUCT_NAME } from '@shared/constants';
import styles from './auth.module.css';

// The sign-in screen's marketing copy lists these three features.
const FEATURES = [
  { icon: Users, title: 'Customer Management', text: 'Track customers and their vehicles' },
  { icon: ClipboardCheck, title: 'Digital Inspections', text: 'Multi-point inspections with customer approval' },
  { icon: Wrench, title: 'Service Tracking', text: 'Invoice generation and parts management' },
] as const;

/** The side panel of /auth on large screens. */
export function MarketingPanel() {
  return (
    <aside className={styles.marketing} aria-labelledby="marketing-title" data-testid="marketing-panel">
      <div>
        <h2 id="marketing-title" className={styles.marketingTitle}>
          Run your shop with {PRODUCT_NAME}
        </h2>
        <p className={styles.marketingLead}>Shop software for independent auto repair shops.</p>
      </div>
      <ul className={styles.features}>
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <li key={title} className={styles.feature}>
            <span className={styles.featureIcon} aria-hidden="true">
              <Icon />
            </span>
            <div>
              <h3 className={styles.featureTitle}>{title}</h3>
              <p className={styles.featureText}>{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </aside>
  );
}

import { Hammer } from 'lucide-react';
import { Card } from '../../components/ui/card';
import styles from './section.module.css';

/** Sections that arrive with part 2 of the staff app. */
export function ComingSoon({ title, what }: { title: string; what: string }) {
  return (
    <section aria-labelledby="section-heading">
      <h1 id="section-heading" className={styles.heading}>
        {title}
      </h1>
      <Card className={styles.card}>
        <Hammer className={styles.icon} aria-hidden="true" />
        <p className={styles.title}>Coming soon</p>
        <p className={styles.text}>{what} will be available here in the next part of the staff app.</p>
      </Card>
    </section>
  );
}

import type { Inspection } from '@shared/schemas/inspection';
import { Money, MoneyCents } from '@web/components/ui/money';
import { approvedServices, serviceCents } from './receipt-totals';
import styles from './invoices.module.css';

/** The chosen inspection's approved services, each with its parts, labor and total. */
export function ApprovedServices({ inspection }: { inspection: Inspection }) {
  const services = approvedServices(inspection);
  return (
    <section className={styles.block} aria-labelledby="receipt-services-heading" data-testid="receipt-services">
      <h3 id="receipt-services-heading" className={styles.blockTitle}>
        Approved Services ({services.length})
      </h3>
      {services.length === 0 ? (
        <p className={styles.muted}>No approved services on this inspection yet.</p>
      ) : (
        <ul className={styles.rows}>
          {services.map((service) => (
            <li key={service.id} className={styles.serviceRow} data-testid="receipt-service">
              <div className={styles.rowText}>
                <strong>{service.description}</strong>
                {service.parts.length > 0 ? (
                  <ul className={styles.parts}>
                    {service.parts.map((part) => (
                      <li key={part.id}>
                        {part.partName}: <Money amount={part.partCost} />
                      </li>
                    ))}
                  </ul>
                ) : (
                  <span className={styles.muted}>
                    Parts: <Money amount={service.partsCost} />
                  </span>
                )}
                <span className={styles.muted}>
                  Labor: <Money amount={service.laborCost} />
                </span>
              </div>
              <MoneyCents className={styles.amount} cents={serviceCents(service)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

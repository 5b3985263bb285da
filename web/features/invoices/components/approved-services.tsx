import type { Inspection } from '@shared/schemas/inspection';
import { Money, MoneyCents } from '@web/components/ui/money';
import { approvedServices, serviceCents } from './receipt-totals';
import layout from '@web/components/list-layout/list-layout.module.css';
import styles from './invoices.module.css';

/** The chosen inspection's approved services, each with its parts, labor and total. */
export function ApprovedServices({ inspection }: { inspection: Inspection }) {
  const services = approvedServices(inspection);
  return (
    <section className={layout.cardBlock} aria-labelledby="receipt-services-heading" data-testid="receipt-services">
      <h3 id="receipt-services-heading" className={layout.cardBlockTitle}>
        Approved Services ({services.length})
      </h3>
      {services.length === 0 ? (
        <p className={styles.muted}>No approved services on this inspection yet.</p>
      ) : (
        <ul className={layout.cardRows}>
          {services.map((service) => (
            <li key={service.id} className={styles.serviceRow} data-testid="receipt-service">
              <div className={layout.cardRowText}>
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

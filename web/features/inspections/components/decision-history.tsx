import { useState } from 'react';
import { DECISION_METHOD_LABELS, type DecisionEntry } from '@shared/schemas/decision';
import { Button } from '@web/components/ui/button';
import { formatDateTime, formatMoney } from '@web/lib/format';
import { useOnline } from '@web/lib/use-online';
import { useDecisions } from '@web/entities/inspections/get-decisions';
import styles from './inspection-form.module.css';

const DECISION_LABELS: Record<DecisionEntry['decision'], string> = {
  approved: 'Approved',
  declined: 'Declined',
  unapproved: 'Unapproved',
};

function Entry({ entry }: { entry: DecisionEntry }) {
  const [showSignature, setShowSignature] = useState(false);
  const how =
    entry.actor === 'customer'
      ? 'through the share link'
      : `for the customer · ${DECISION_METHOD_LABELS[entry.method]}`;
  return (
    <li className={styles.decision} data-testid="decision">
      <div>
        <strong>
          {DECISION_LABELS[entry.decision]} {entry.description}
        </strong>{' '}
        · {formatMoney(entry.amount)}
      </div>
      <div className={styles.muted}>
        {entry.by} {how} · <time dateTime={entry.decidedAt}>{formatDateTime(entry.decidedAt)}</time>
      </div>
      {entry.signerName ? <div className={styles.muted}>Signed as “{entry.signerName}”</div> : null}
      {entry.signature ? (
        <div>
          <Button variant="ghost" size="sm" onClick={() => setShowSignature((v) => !v)} aria-expanded={showSignature}>
            {showSignature ? 'Hide signature' : 'View signature'}
          </Button>
          {showSignature ? (
            <img className={styles.signature} src={entry.signature} alt={`Signature for ${entry.description}`} />
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** Every approve, decline and unapprove of this inspection's services; read only. */
export function DecisionHistory({ inspectionId }: { inspectionId: string }) {
  const online = useOnline();
  const history = useDecisions(inspectionId, online);
  let body;
  if (!online && !history.data) body = <p className={styles.muted}>The decision history needs a connection.</p>;
  else if (history.isError) body = <p role="alert">The decision history could not be loaded.</p>;
  else if (!history.data) body = <p className={styles.muted}>Loading decision history…</p>;
  else if (history.data.decisions.length === 0) body = <p className={styles.muted}>No decisions yet.</p>;
  else
    body = (
      <ol className={styles.decisions}>
        {history.data.decisions.map((entry) => (
          <Entry key={entry.id} entry={entry} />
        ))}
      </ol>
    );
  return (
    <section className={styles.section} aria-labelledby="decision-history-heading" data-testid="decision-history">
      <h3 id="decision-history-heading" className={styles.sectionTitle}>
        Decision history
      </h3>
      {body}
    </section>
  );
}

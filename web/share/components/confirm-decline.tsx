import type { PublicService } from '@shared/schemas/inspection';
import { formatMoneyCents } from '../lib/format';
import { ModalDialog } from './modal-dialog';

/** "Cabin air filter" reads as "cabin air filter" mid-sentence; "BMW coolant" keeps its capitals. */
export function midSentence(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}

export function declineQuestion(service: PublicService, totalCents: number): string {
  return `Decline ${midSentence(service.description)} (${formatMoneyCents(totalCents)})?`;
}

/**
 * Declining is final for the customer, so it asks first (approving stays one tap); Escape cancels.
 */
export function ConfirmDecline({
  question,
  onCancel,
  onConfirm,
}: {
  question: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ModalDialog className="confirm" labelledBy="confirm-question" onCancel={onCancel}>
      <h2 id="confirm-question">{question}</h2>
      <p>The shop will not do this work. You can still ask them about it later.</p>
      <div className="confirm__actions">
        <button type="button" className="button button--secondary" onClick={onCancel} autoFocus>
          Cancel
        </button>
        <button type="button" className="button button--primary" onClick={onConfirm}>
          Decline
        </button>
      </div>
    </ModalDialog>
  );
}

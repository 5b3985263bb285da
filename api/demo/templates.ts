import { newId } from '@api/lib/tokens';
import type { EmailTemplateRow } from '@api/db/tables';
import { SHOP } from './catalog';

const signature = `\n\nThank you,\n${SHOP.companyName}\n${SHOP.phone}\n${SHOP.address}, ${SHOP.city}, ${SHOP.state} ${SHOP.zipCode}`;

const TEMPLATES: Omit<EmailTemplateRow, 'id' | 'createdAt' | 'updatedAt'>[] = [
  {
    name: 'Inspection report ready',
    description: 'Send when a digital inspection is complete and has recommendations to review.',
    subject: 'Your [Vehicle] inspection report is ready',
    body:
      'Hi [Customer Name],\n\nOur technician has finished the multi-point inspection of your [Vehicle]. ' +
      'You can see the measurements, photos and our recommendations here:\n\n[Inspection Link]\n\n' +
      'Approve or decline each recommended service right on that page, and we will get started on the work you approve.' +
      signature,
    status: 'active',
  },
  {
    name: 'Appointment reminder',
    description: 'The day before a scheduled visit.',
    subject: 'Reminder: [Vehicle] appointment on [Date] at [Time]',
    body:
      'Hi [Customer Name],\n\nThis is a friendly reminder that your [Vehicle] is scheduled with us on [Date] at [Time].\n\n' +
      'Please plan to drop off your keys at the front desk. If you need to reschedule, just reply to this email or call us.' +
      signature,
    status: 'active',
  },
  {
    name: 'Invoice and receipt',
    description: 'Send with the receipt link after the work is done.',
    subject: 'Your invoice for the [Vehicle]',
    body:
      'Hi [Customer Name],\n\nYour [Vehicle] is ready for pickup. Your invoice is here:\n\n[Invoice Link]\n\n' +
      'We accept cash, check and all major cards. Parts and labor carry our 12-month / 12,000-mile warranty.' +
      signature,
    status: 'active',
  },
  {
    name: 'Pending approval follow-up',
    description: 'When recommended services have waited a few days for an answer.',
    subject: 'Still thinking about the recommended work on your [Vehicle]?',
    body:
      'Hi [Customer Name],\n\nOn [Date] we inspected your [Vehicle] and recommended a few services. ' +
      'The report is still available here:\n\n[Inspection Link]\n\n' +
      'Some items affect safety, so we would be glad to answer any questions before you decide.' +
      signature,
    status: 'active',
  },
  {
    name: 'Seasonal tire change',
    description: 'Draft for the autumn campaign: swap to winter tires.',
    subject: 'Time to get your [Vehicle] ready for winter',
    body:
      'Hi [Customer Name],\n\nThe rainy season is here. Book a tire swap and a free brake check for your [Vehicle] ' +
      'before the first frost; we have openings on [Date] starting at [Time].' +
      signature,
    status: 'draft',
  },
];

export function buildTemplates(createdAt: string): EmailTemplateRow[] {
  return TEMPLATES.map((template) => ({ id: newId(), ...template, createdAt, updatedAt: createdAt }));
}

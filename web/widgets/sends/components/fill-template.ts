import { TEMPLATE_PLACEHOLDERS } from '@shared/schemas/email-template';
import { SHOP_LOCALE } from '@web/lib/format';

// Pure: the placeholders of a template filled for one customer, and the device links that carry the text.

export type Placeholder = (typeof TEMPLATE_PLACEHOLDERS)[number];
export type PlaceholderValues = Partial<Record<Placeholder, string>>;

export interface FillInput {
  customerName: string;
  vehicle: string | null;
  /** The inspection's or invoice's time (ISO). */
  at: string;
  /** Full URLs of the share pages this send knows. */
  inspectionLink?: string | undefined;
  invoiceLink?: string | undefined;
}

export function placeholderValues(input: FillInput): PlaceholderValues {
  const at = new Date(input.at);
  const values: PlaceholderValues = {
    '[Customer Name]': input.customerName,
    '[Date]': at.toLocaleDateString(SHOP_LOCALE, { year: 'numeric', month: 'long', day: 'numeric' }),
    '[Time]': at.toLocaleTimeString(SHOP_LOCALE, { hour: 'numeric', minute: '2-digit' }),
  };
  if (input.vehicle) values['[Vehicle]'] = input.vehicle;
  if (input.inspectionLink) values['[Inspection Link]'] = input.inspectionLink;
  if (input.invoiceLink) values['[Invoice Link]'] = input.invoiceLink;
  return values;
}

/** Every known placeholder replaced; one with no value here stays, for the advisor to see and edit. */
export function fillTemplate(text: string, values: PlaceholderValues): string {
  return TEMPLATE_PLACEHOLDERS.reduce((out, placeholder) => {
    const value = values[placeholder];
    return value === undefined ? out : out.split(placeholder).join(value);
  }, text);
}

/** Placeholders still in the text (no value for this send). */
export function unfilledPlaceholders(text: string): Placeholder[] {
  return TEMPLATE_PLACEHOLDERS.filter((p) => text.includes(p));
}

/** Opens the device's mail app with the message. */
export function mailtoLink(to: string, subject: string, body: string): string {
  const query = `subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
  return `mailto:${encodeURIComponent(to).replace(/%40/g, '@')}?${query}`;
}

/** Opens the device's messages app with the text (the `?&body=` form works on iOS and Android). */
export function smsLink(phone: string, body: string): string {
  return `sms:${phone.replace(/[^\d+]/g, '')}?&body=${encodeURIComponent(body)}`;
}

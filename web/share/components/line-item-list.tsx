import type { PublicInvoice } from '../api/get-public-invoice';
import { Money } from './money';

/** The invoice's custom line items ("Additional Services"), description and amount. */
export function LineItemList({ items }: { items: PublicInvoice['lineItems'] }) {
  return (
    <ul className="line-items">
      {items.map((item) => (
        <li key={item.id}>
          <span>{item.description}</span>
          <Money amount={item.amount} />
        </li>
      ))}
    </ul>
  );
}

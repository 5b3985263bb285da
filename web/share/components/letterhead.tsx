import { PRODUCT_NAME } from '@shared/constants';
import type { ShopContact } from '@shared/schemas/inspection';

/** The top of the letter: who it is from, and how to call them. */
export function Letterhead({ shop, showProduct = false }: { shop: ShopContact; showProduct?: boolean }) {
  const name = shop.companyName ?? (showProduct ? null : PRODUCT_NAME);
  return (
    <div className="letterhead">
      {showProduct ? <p className="letterhead__product">{PRODUCT_NAME}</p> : null}
      {name ? <p className="letterhead__shop">{name}</p> : null}
      {shop.phone ? (
        <a className="letterhead__phone" href={telHref(shop.phone)}>
          {shop.phone}
        </a>
      ) : null}
    </div>
  );
}

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

import type { ShopContact } from '@shared/schemas/inspection';
import { websiteHref } from '../lib/format';
import { telHref } from './letterhead';

/** The shop's contact details from the admin's settings; empty fields are left out. */
export function ContactBlock({ shop, heading }: { shop: ShopContact; heading: string }) {
  const cityLine = [shop.city, [shop.state, shop.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const hasAny = Object.values(shop).some(Boolean);
  return (
    <section className="card contact" aria-labelledby="contact-heading">
      <h2 id="contact-heading">{heading}</h2>
      {hasAny ? (
        <address>
          {shop.companyName ? <p className="contact__name">{shop.companyName}</p> : null}
          {shop.address || cityLine ? (
            <p>
              {shop.address}
              {shop.address && cityLine ? <br /> : null}
              {cityLine}
            </p>
          ) : null}
          <ul className="contact__links">
            {shop.phone ? (
              <li>
                <span className="contact__label">Phone</span> <a href={telHref(shop.phone)}>{shop.phone}</a>
              </li>
            ) : null}
            {shop.email ? (
              <li>
                <span className="contact__label">Email</span> <a href={`mailto:${shop.email}`}>{shop.email}</a>
              </li>
            ) : null}
            {shop.website ? (
              <li>
                <span className="contact__label">Website</span>{' '}
                <a href={websiteHref(shop.website)} target="_blank" rel="noopener noreferrer">
                  {shop.website}
                </a>
              </li>
            ) : null}
          </ul>
        </address>
      ) : (
        <p>Questions? Contact the shop that sent you this link.</p>
      )}
    </section>
  );
}

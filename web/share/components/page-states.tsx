import type { ShopContact } from '@shared/schemas/inspection';
import { OFFLINE_ACTIONS_MESSAGE, OFFLINE_MESSAGE } from '../api/http';
import { telHref } from './letterhead';

export function LoadingState({ text }: { text: string }) {
  return (
    <main className="state" aria-busy="true">
      <p className="state__loading" role="status">
        {text}
      </p>
    </main>
  );
}

/** A dead link: what happened, and whom to ask for a new one (the shop's name and phone when known). */
export function NotFoundState({ title, text, shop }: { title: string; text: string; shop: ShopContact | null }) {
  const name = shop?.companyName;
  return (
    <main className="state">
      <h1>{title}</h1>
      <p>{text}</p>
      <p>
        {name
          ? `Please contact ${name} for a new link`
          : 'Please contact the shop that sent you this link for a new one'}
        {shop?.phone ? ':' : '.'}
      </p>
      {shop?.phone ? (
        <a className="button button--primary" href={telHref(shop.phone)}>
          Call {shop.phone}
        </a>
      ) : null}
      {shop?.email ? (
        <p>
          Or email <a href={`mailto:${shop.email}`}>{shop.email}</a>
        </p>
      ) : null}
    </main>
  );
}

/** Shown above a loaded page when the connection drops: the page stays readable. */
export function OfflineBanner({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="offline-banner" role="status">
      <p>{OFFLINE_ACTIONS_MESSAGE}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** A page that could not load: what went wrong, and a button to try again. */
function RetryState({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <main className="state">
      <h1>{title}</h1>
      <p role="alert">{message}</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        Try again
      </button>
    </main>
  );
}

export function OfflineState({ onRetry }: { onRetry: () => void }) {
  return <RetryState title="No connection" message={OFFLINE_MESSAGE} onRetry={onRetry} />;
}

export function ErrorState({ onRetry }: { onRetry: () => void }) {
  return (
    <RetryState
      title="Something went wrong"
      message="We couldn't load this page. Please try again in a moment."
      onRetry={onRetry}
    />
  );
}

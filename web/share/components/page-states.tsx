import { OFFLINE_MESSAGE } from '../api/http';

export function LoadingState({ text }: { text: string }) {
  return (
    <main className="state" aria-busy="true">
      <p className="state__loading" role="status">
        {text}
      </p>
    </main>
  );
}

export function NotFoundState({ title, text }: { title: string; text: string }) {
  return (
    <main className="state">
      <h1>{title}</h1>
      <p>{text}</p>
    </main>
  );
}

export function OfflineState({ onRetry }: { onRetry: () => void }) {
  return (
    <main className="state">
      <h1>No connection</h1>
      <p role="alert">{OFFLINE_MESSAGE}</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        Try again
      </button>
    </main>
  );
}

export function ErrorState({ onRetry }: { onRetry: () => void }) {
  return (
    <main className="state">
      <h1>Something went wrong</h1>
      <p role="alert">We couldn't load this page. Please try again in a moment.</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        Try again
      </button>
    </main>
  );
}

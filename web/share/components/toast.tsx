import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';

/** One toast at a time, shown for 5000 ms, swipe right 50 px to dismiss, F8 focuses. */
export const TOAST_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

export interface ToastInput {
  title: string;
  description?: string;
  tone: 'success' | 'error';
}
export interface ToastMessage extends ToastInput {
  id: number;
}
export type ShowToast = (toast: ToastInput) => void;

let nextId = 1;

/** The page's single toast slot: a new toast replaces the one showing. */
export function useToaster() {
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const show = useCallback<ShowToast>((input) => setToast({ ...input, id: nextId++ }), []);
  const dismiss = useCallback(() => setToast(null), []);
  return { toast, show, dismiss };
}

interface ToasterProps {
  toast: ToastMessage | null;
  dismiss: () => void;
}

/** Live regions stay mounted so screen readers announce each new toast. */
export function Toaster({ toast, dismiss }: ToasterProps) {
  const region = useRef<HTMLElement>(null);
  const [paused, setPaused] = useState(false);
  const [dragX, setDragX] = useState(0);
  const start = useRef<number | null>(null);

  useEffect(() => {
    if (!toast || paused) return;
    const timer = window.setTimeout(dismiss, TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [toast, paused, dismiss]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') region.current?.focus();
    };
    // focusin/focusout bubble (plain focus does not): keyboard users on the close button pause it too.
    const node = region.current;
    const pause = () => setPaused(true);
    const resume = () => setPaused(false);
    window.addEventListener('keydown', onKey);
    node?.addEventListener('focusin', pause);
    node?.addEventListener('focusout', resume);
    return () => {
      window.removeEventListener('keydown', onKey);
      node?.removeEventListener('focusin', pause);
      node?.removeEventListener('focusout', resume);
    };
  }, []);

  const onPointerDown = (event: PointerEvent) => {
    start.current = event.clientX;
  };
  const onPointerMove = (event: PointerEvent) => {
    if (start.current !== null) setDragX(Math.max(0, event.clientX - start.current));
  };
  const onPointerUp = () => {
    if (dragX > SWIPE_THRESHOLD_PX) dismiss();
    start.current = null;
    setDragX(0);
  };

  const card = (tone: ToastMessage['tone']) =>
    toast && toast.tone === tone ? (
      <div
        key={toast.id}
        className={`toast toast--${tone}`}
        style={dragX ? { transform: `translateX(${dragX}px)` } : undefined}
        onPointerEnter={() => setPaused(true)}
        onPointerLeave={() => setPaused(false)}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        <div className="toast__text">
          <p className="toast__title">{toast.title}</p>
          {toast.description ? <p className="toast__description">{toast.description}</p> : null}
        </div>
        <button type="button" className="toast__close" aria-label="Dismiss notification" onClick={dismiss}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
    ) : null;

  return (
    <section ref={region} className="toast-region" aria-label="Notifications (F8)" tabIndex={-1}>
      <div role="status" aria-live="polite" aria-atomic="true">
        {card('success')}
      </div>
      <div role="alert" aria-atomic="true">
        {card('error')}
      </div>
    </section>
  );
}

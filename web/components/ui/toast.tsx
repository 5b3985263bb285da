import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useSyncExternalStore, type ReactNode } from 'react';
import { cn } from '@web/lib/cn';
import styles from './toast.module.css';

export interface ToastInput {
  title: string;
  description?: ReactNode;
  variant?: 'default' | 'destructive';
}

interface ToastState extends ToastInput {
  id: number;
  open: boolean;
}

/** At most one toast at a time, shown 5000 ms, swiped right past 50 px to dismiss. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

// One toast at a time: a new toast replaces the shown one. A module store, so code outside React
// (mutation callbacks) can raise a toast too.
let current: ToastState | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows a toast, replacing the one on screen. */
export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  current = { ...input, id, open: true };
  emit();
  return { id, dismiss: () => dismissToast(id) };
}

/** Closes the toast on screen (or only the given one). */
export function dismissToast(id?: number) {
  if (!current || (id !== undefined && current.id !== id)) return;
  current = { ...current, open: false };
  emit();
}

export function useToast() {
  const shown = useSyncExternalStore(subscribe, () => current);
  return { toast, dismiss: dismissToast, toasts: shown ? [shown] : [] };
}

/** The toast region; F8 (Radix's default hotkey) moves focus to it. Mounted once in the providers. */
export function Toaster() {
  const shown = useSyncExternalStore(subscribe, () => current);
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {shown ? <ToastItem key={shown.id} item={shown} /> : null}
      <ToastPrimitive.Viewport className={styles.viewport} />
    </ToastPrimitive.Provider>
  );
}

function ToastItem({ item }: { item: ToastState }) {
  const destructive = item.variant === 'destructive';
  return (
    <ToastPrimitive.Root
      open={item.open}
      onOpenChange={(open) => {
        if (!open) dismissToast(item.id);
      }}
      type={destructive ? 'foreground' : 'background'}
      className={cn(styles.toast, destructive && styles.destructive)}
      data-variant={item.variant ?? 'default'}
    >
      <div>
        <ToastPrimitive.Title className={styles.title} data-toast-title="">
          {item.title}
        </ToastPrimitive.Title>
        {item.description ? (
          <ToastPrimitive.Description className={styles.description} data-toast-description="">
            {item.description}
          </ToastPrimitive.Description>
        ) : null}
      </div>
      <ToastPrimitive.Close className={styles.close} aria-label="Close">
        <X aria-hidden="true" />
      </ToastPrimitive.Close>
    </ToastPrimitive.Root>
  );
}

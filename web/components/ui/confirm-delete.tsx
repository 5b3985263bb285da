import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog';
import { useToast } from './toast';

interface DeleteMutation<T> {
  isPending: boolean;
  mutate: (target: T, options: { onSuccess: () => void; onError: () => void; onSettled: () => void }) => void;
}

export interface ConfirmDeleteTexts {
  /** What the question names: 'Are you sure you want to delete this <noun>?'. */
  noun: string;
  /** What the toasts name, where they say it otherwise (a receipt is an invoice to the server). */
  toastNoun?: string;
  description?: string;
  /** After a delete went through, e.g. to step back from a page it emptied. */
  onDeleted?: () => void;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The one "are you sure" of a delete: `ask(target)` opens it; confirming runs the write, toasts how
 * it went and closes once the write settles. The screen renders `dialog` once.
 */
export function useConfirmDelete<T>(
  remove: DeleteMutation<T>,
  { noun, toastNoun = noun, description, onDeleted }: ConfirmDeleteTexts,
) {
  const { toast } = useToast();
  const [target, setTarget] = useState<T | null>(null);
  const close = () => setTarget(null);
  const dialog: ReactNode = (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && close()}
      title={`Are you sure you want to delete this ${noun}?`}
      description={description}
      pending={remove.isPending}
      onConfirm={() => {
        if (target === null) return;
        remove.mutate(target, {
          onSuccess: () => {
            toast({ title: `${capitalized(toastNoun)} deleted` });
            onDeleted?.();
          },
          onError: () =>
            toast({ title: 'Error', description: `Failed to delete ${toastNoun}`, variant: 'destructive' }),
          onSettled: close,
        });
      }}
    />
  );
  return { ask: (item: T) => setTarget(() => item), dialog };
}

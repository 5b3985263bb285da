import { useLayoutEffect, useRef, type KeyboardEventHandler, type ReactNode } from 'react';

/**
 * A native modal dialog, open while it is mounted: focus moves in and stays, Escape calls
 * `onCancel`, no library needed. It opens in a layout effect, so before any plain effect of its
 * content runs: a closed dialog has no size, and what measures itself inside would have none either.
 */
export function ModalDialog({
  className,
  labelledBy,
  label,
  onCancel,
  onKeyDown,
  children,
}: {
  className: string;
  /** The id of the heading that names it; or `label` where nothing shown does. */
  labelledBy?: string;
  label?: string;
  onCancel: () => void;
  onKeyDown?: KeyboardEventHandler<HTMLDialogElement>;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    const node = dialog.current;
    if (node && !node.open) node.showModal();
    return () => node?.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      className={className}
      aria-labelledby={labelledBy}
      aria-label={label}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      onKeyDown={onKeyDown}
    >
      {children}
    </dialog>
  );
}

// How shared hooks tell the user something (a form saved, a save failed) without importing a UI
// component: the app installs its toast here once (web/app/providers.tsx).

export interface Notice {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

let show: ((notice: Notice) => void) | null = null;

/** Sets what notify() shows; returns the undo. */
export function installNotifier(notifier: (notice: Notice) => void): () => void {
  show = notifier;
  return () => {
    if (show === notifier) show = null;
  };
}

/** Shows a notice through the installed notifier (nothing before the app installs one). */
export function notify(notice: Notice): void {
  show?.(notice);
}

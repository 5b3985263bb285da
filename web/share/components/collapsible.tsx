import { useId, useState, type ReactNode } from 'react';

/** A card whose body folds away; the heading's button says whether it is open. */
export function Collapsible({
  title,
  defaultOpen = false,
  children,
}: {
  title: string;
  defaultOpen?: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const bodyId = useId();
  return (
    <section className={`card collapsible${open ? ' collapsible--open' : ''}`}>
      <h2 className="collapsible__heading">
        <button
          type="button"
          className="collapsible__trigger"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen(!open)}
        >
          <span>{title}</span>
          <span className="collapsible__chevron" aria-hidden="true">
            ▾
          </span>
        </button>
        <span className="print-only">{title}</span>
      </h2>
      <div id={bodyId} className="collapsible__body" hidden={!open}>
        {children}
      </div>
    </section>
  );
}

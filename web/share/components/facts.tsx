import type { ReactNode } from 'react';

export interface Fact {
  label: string;
  value: ReactNode;
}

/** Label and value pairs: two columns, values right-aligned when they are figures. */
export function Facts({ items, className = '' }: { items: Fact[]; className?: string }) {
  return (
    <dl className={`facts ${className}`.trim()}>
      {items.map((item) => (
        <div className="facts__row" key={item.label}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

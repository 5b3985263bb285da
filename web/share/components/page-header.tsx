import type { ReactNode } from 'react';
import { Facts, type Fact } from './facts';

/** The document's title block: what it is, its number, and whose car. */
export function PageHeader({
  title,
  number,
  facts,
  children,
}: {
  title: string;
  number: string;
  facts: Fact[];
  children?: ReactNode;
}) {
  return (
    <header className="doc-header">
      <div className="doc-header__title">
        <h1>{title}</h1>
        <p className="doc-header__number">{number}</p>
      </div>
      <Facts items={facts} className="doc-header__facts" />
      {children}
    </header>
  );
}

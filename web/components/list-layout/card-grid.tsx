import type { ReactNode } from 'react';
import { cn } from '@web/lib/cn';
import styles from './list-layout.module.css';

export interface CardGridProps<T extends { id: string }> {
  /** The list's accessible name, e.g. 'Customers'. */
  label: string;
  items: readonly T[];
  /** One card (or row) of an item. */
  children: (item: T) => ReactNode;
  /**
   * The narrowest column: 'card' (19rem, 3 columns from about 1280 px), 'vin' (20rem: a VIN on
   * one line), 'email' (24rem: a whole email on one line), or 'rows' (one column of rows).
   */
  columns?: 'card' | 'vin' | 'email' | 'rows';
  /**
   * 'start': each card keeps its own height and an opened card takes the whole row;
   * 'fill': the cards of a row are as tall as the tallest.
   */
  align?: 'start' | 'fill';
  /** The list is being refreshed (aria-busy). */
  busy?: boolean;
}

/** The responsive card grid of a list: columns follow the width the list has, not the screen. */
export function CardGrid<T extends { id: string }>({
  label,
  items,
  children,
  columns = 'card',
  align,
  busy,
}: CardGridProps<T>) {
  return (
    <ul
      className={cn(styles.grid, styles[columns], align ? styles[align] : undefined)}
      aria-label={label}
      {...(busy !== undefined ? { 'aria-busy': busy } : {})}
    >
      {items.map((item) => (
        <li key={item.id}>{children(item)}</li>
      ))}
    </ul>
  );
}

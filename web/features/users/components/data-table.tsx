import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import styles from './users.module.css';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Keeps the cell on one line (dates, numbers). */
  nowrap?: boolean;
}

export interface DataTableProps<T> {
  /** The card's heading and the table's name, e.g. 'Customers'. */
  title: string;
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string;
  /** Shown instead of the table when there are no rows, e.g. 'No customers yet'. */
  empty: string;
  testId: string;
}

/** A titled card with a table that scrolls sideways on narrow screens (the page itself never does). */
export function DataTable<T>({ title, rows, columns, rowKey, empty, testId }: DataTableProps<T>) {
  const headingId = `${testId}-heading`;
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className={styles.muted}>{empty}</p>
        ) : (
          // Focusable so a keyboard can scroll it sideways.
          <div className={styles.tableWrap} role="region" aria-labelledby={headingId} tabIndex={0}>
            <table className={styles.table} aria-labelledby={headingId}>
              <thead>
                <tr>
                  {columns.map((column) => (
                    <th key={column.header} scope="col">
                      {column.header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={rowKey(row)}>
                    {columns.map((column) => (
                      <td key={column.header} className={column.nowrap ? styles.nowrap : undefined}>
                        {column.cell(row)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

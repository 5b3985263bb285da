// A cursor is `<seq>` in the history before any restore (epoch ''), and `<epoch>.<seq>` after one,
// so devices that hold plain cursors from before epochs existed carry on until a restore.

export interface Cursor {
  epoch: string;
  seq: number;
}

/** Reads a cursor the query schema has already checked the shape of. */
export function parseCursor(since: string | undefined): Cursor {
  if (since === undefined) return { epoch: '', seq: 0 };
  const dot = since.indexOf('.');
  return dot === -1
    ? { epoch: '', seq: Number(since) }
    : { epoch: since.slice(0, dot), seq: Number(since.slice(dot + 1)) };
}

export function formatCursor(cursor: Cursor): string {
  return cursor.epoch === '' ? String(cursor.seq) : `${cursor.epoch}.${cursor.seq}`;
}

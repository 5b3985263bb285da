import { formatDate } from '../lib/format';

export interface NoteItem {
  id: string;
  note: string;
  createdAt?: string;
}

/** The technician's notes, oldest first as the shop wrote them. */
export function NotesList({ notes, empty }: { notes: NoteItem[]; empty: string }) {
  if (notes.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="notes">
      {notes.map((n) => (
        <li key={n.id}>
          <p className="pre-line">{n.note}</p>
          {n.createdAt ? <p className="notes__date">{formatDate(n.createdAt)}</p> : null}
        </li>
      ))}
    </ul>
  );
}

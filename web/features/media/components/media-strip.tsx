import { lazy, Suspense, useState } from 'react';
import { useToast } from '../../../components/ui/toast';
import type { LocalMedia } from '../../../offline/media';
import { changePositions } from '../api/media-actions';
import { moveBy } from '../media-rules';
import { MediaTile } from './media-tile';
import { MediaViewer } from './media-viewer';
import styles from './media.module.css';

// The mark-up editor is only loaded when a technician opens it.
const MarkupDialog = lazy(() => import('../markup/markup-dialog').then((m) => ({ default: m.MarkupDialog })));

export interface MediaStripProps {
  label: string;
  items: readonly LocalMedia[];
  /** Files being prepared right now (shown as placeholders until they are stored). */
  preparing: number;
}

/** The thumbnails of one item or service, in their order, with what can be done to each. */
export function MediaStrip({ label, items, preparing }: MediaStripProps) {
  const { toast } = useToast();
  const [viewing, setViewing] = useState<{ media: LocalMedia; original: boolean } | null>(null);
  const [marking, setMarking] = useState<LocalMedia | null>(null);
  if (items.length === 0 && preparing === 0) return null;

  const move = (index: number, step: -1 | 1) =>
    changePositions(moveBy(items, index, step)).catch(() =>
      toast({ title: 'Error', description: 'The photos could not be reordered. Try again.', variant: 'destructive' }),
    );

  return (
    <>
      <ol className={styles.strip} aria-label={`Photos and videos of ${label}`} data-testid="media-strip">
        {items.map((media, index) => (
          <MediaTile
            key={media.id}
            media={media}
            name={`${media.kind === 'video' ? 'video' : 'photo'} ${index + 1} of ${label}`}
            first={index === 0}
            last={index === items.length - 1}
            onMove={(step) => void move(index, step)}
            onView={(original) => setViewing({ media, original })}
            onMarkup={() => setMarking(media)}
          />
        ))}
        {Array.from({ length: preparing }, (_, i) => (
          <li key={`preparing-${i}`} className={styles.tile} data-testid="media-preparing">
            <div className={styles.placeholder} role="status">
              Preparing…
            </div>
          </li>
        ))}
      </ol>
      {viewing ? <MediaViewer media={viewing.media} original={viewing.original} onClose={() => setViewing(null)} /> : null}
      {marking ? (
        <Suspense fallback={null}>
          <MarkupDialog media={marking} label={label} onClose={() => setMarking(null)} />
        </Suspense>
      ) : null}
    </>
  );
}

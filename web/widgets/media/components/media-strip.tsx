import { lazy, Suspense, useState } from 'react';
import { useToast } from '@web/components/ui/toast';
import type { LocalMedia } from '@web/offline/media';
import { changePositions } from '../api/media-actions';
import { moveBy } from '../media-rules';
import { MediaTile } from './media-tile';
import { MediaViewer } from './media-viewer';
import styles from './media.module.css';

// The mark-up editor is only loaded when a technician opens it.
const MarkupDialog = lazy(() => import('../markup/markup-dialog').then((m) => ({ default: m.MarkupDialog })));

/** A file being prepared: a placeholder, with the thumbnail as soon as the worker made it. */
export interface Preparing {
  key: number;
  preview: string | null;
}

export interface MediaStripProps {
  label: string;
  items: readonly LocalMedia[];
  /** Files being prepared right now, shown until they are stored. */
  preparing: readonly Preparing[];
}

/** The thumbnails of one item or service, in their order, with what can be done to each. */
export function MediaStrip({ label, items, preparing }: MediaStripProps) {
  const { toast } = useToast();
  const [viewing, setViewing] = useState<{ media: LocalMedia; original: boolean } | null>(null);
  const [marking, setMarking] = useState<LocalMedia | null>(null);
  if (items.length === 0 && preparing.length === 0) return null;

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
        {preparing.map(({ key, preview }) => (
          <li key={`preparing-${key}`} className={styles.tile} data-testid="media-preparing">
            {preview ? <img className={styles.thumb} src={preview} alt="" width={160} height={120} /> : null}
            <p className={preview ? styles.upload : styles.placeholder} role="status">
              Preparing…
            </p>
          </li>
        ))}
      </ol>
      {viewing ? (
        <MediaViewer media={viewing.media} original={viewing.original} onClose={() => setViewing(null)} />
      ) : null}
      {marking ? (
        <Suspense fallback={null}>
          <MarkupDialog media={marking} label={label} onClose={() => setMarking(null)} />
        </Suspense>
      ) : null}
    </>
  );
}

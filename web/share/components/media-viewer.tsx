import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { hasMarkup, srcSet, type ViewerPhoto } from '../lib/media';
import '../styles/viewer.css';
import { ModalDialog } from './modal-dialog';
import { useGestures, type Zoom } from './use-gestures';

const NO_ZOOM: Zoom = { scale: 1, x: 0, y: 0 };

/**
 * Full-screen photos: swipe or arrow keys between them, pinch or double-tap to zoom, "View
 * original" beside a marked-up photo. A native modal dialog with its own history entry, so Escape,
 * the close button and the phone's Back button all close it and leave the report where it was.
 */
export default function MediaViewer({
  photos,
  startId,
  onClose,
}: {
  photos: ViewerPhoto[];
  startId: string;
  onClose: () => void;
}) {
  const [index, setIndex] = useState(() =>
    Math.max(
      0,
      photos.findIndex((p) => p.media.id === startId),
    ),
  );
  const [original, setOriginal] = useState(false);
  const [zoom, setZoom] = useState<Zoom>(NO_ZOOM);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const photo = photos[Math.min(index, photos.length - 1)]!;

  const go = useCallback(
    (step: number) => {
      setIndex((i) => Math.min(photos.length - 1, Math.max(0, i + step)));
      setOriginal(false);
      setZoom(NO_ZOOM);
    },
    [photos.length],
  );

  useEffect(() => {
    // Back closes the viewer instead of leaving the report (one entry, even if the effect runs twice).
    if (!(window.history.state as { mediaViewer?: boolean } | null)?.mediaViewer)
      window.history.pushState({ mediaViewer: true }, '');
    const onPop = () => onCloseRef.current();
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const close = () => window.history.back();
  const gestures = useGestures({ zoom, setZoom, onSwipe: go });

  return (
    <ModalDialog
      className="viewer"
      label="Photo viewer"
      onCancel={close}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') go(1);
        else if (event.key === 'ArrowLeft') go(-1);
      }}
    >
      <div className="viewer__bar">
        <p className="viewer__count" aria-live="polite">
          {index + 1} of {photos.length}
        </p>
        {hasMarkup(photo.media) ? (
          <button type="button" className="button button--secondary" onClick={() => setOriginal((o) => !o)}>
            {original ? 'View marked-up' : 'View original'}
          </button>
        ) : null}
        <button type="button" className="button button--secondary" onClick={close} autoFocus>
          Close
        </button>
      </div>
      <div
        className="viewer__stage"
        data-testid="viewer-stage"
        onPointerDown={(e: ReactPointerEvent<HTMLDivElement>) => gestures.down(e)}
        onPointerMove={(e: ReactPointerEvent<HTMLDivElement>) => gestures.move(e)}
        onPointerUp={(e: ReactPointerEvent<HTMLDivElement>) => gestures.up(e)}
        onPointerCancel={(e: ReactPointerEvent<HTMLDivElement>) => gestures.up(e)}
      >
        <img
          key={`${photo.media.id}-${original}`}
          className="viewer__image"
          data-testid="viewer-image"
          src={original ? photo.media.urls.original : photo.media.urls.w1920}
          srcSet={original ? undefined : srcSet(photo.media)}
          sizes="100vw"
          alt={original ? `${photo.label} (original, without mark-up)` : photo.label}
          draggable={false}
          style={{ transform: `translate(${zoom.x + gestures.dragX}px, ${zoom.y}px) scale(${zoom.scale})` }}
        />
      </div>
      <div className="viewer__bar viewer__bar--bottom">
        <button type="button" className="button button--secondary" onClick={() => go(-1)} disabled={index === 0}>
          Previous
        </button>
        <p className="viewer__caption">{photo.label}</p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => go(1)}
          disabled={index === photos.length - 1}
        >
          Next
        </button>
      </div>
    </ModalDialog>
  );
}

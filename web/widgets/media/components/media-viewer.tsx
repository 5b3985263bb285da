import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';
import type { LocalMedia } from '@web/offline/media';
import styles from './media.module.css';

/** A photo at full size (marked-up first, the original a tap away) or a video that plays. */
export function MediaViewer({
  media,
  original,
  onClose,
}: {
  media: LocalMedia;
  original: boolean;
  onClose: () => void;
}) {
  const [showOriginal, setShowOriginal] = useState(original || !media.hasMarkup);
  const src = showOriginal ? media.originalUrl : media.displayUrl;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      wide
      title={media.kind === 'video' ? 'Video' : media.hasMarkup && !showOriginal ? 'Marked-up photo' : 'Photo'}
      {...(media.caption ? { description: media.caption } : {})}
      footer={
        media.hasMarkup ? (
          <Button variant="secondary" onClick={() => setShowOriginal(!showOriginal)}>
            {showOriginal ? 'See marked-up photo' : 'See original'}
          </Button>
        ) : undefined
      }
    >
      {media.kind === 'video' ? (
        <video
          className={styles.viewerMedia}
          src={media.displayUrl}
          poster={media.posterUrl ?? undefined}
          controls
          playsInline
        />
      ) : (
        <img className={styles.viewerMedia} src={src} alt={media.caption ?? ''} data-testid="media-viewer-image" />
      )}
    </Dialog>
  );
}

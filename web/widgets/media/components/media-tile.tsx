import { ArrowLeft, ArrowRight, PenLine, Play, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { MEDIA_CAPTION_MAX } from '@shared/constants';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Input } from '@web/components/ui/input';
import { useToast } from '@web/components/ui/toast';
import type { LocalMedia } from '@web/offline/media';
import { changeCaption, removeMedia, retryMedia } from '../api/media-actions';
import { canRetryUpload, uploadLabel } from '../media-rules';
import styles from './media.module.css';

export interface MediaTileProps {
  media: LocalMedia;
  /** 'photo 2 of Front Left Tire': the tile's buttons are named after it. */
  name: string;
  first: boolean;
  last: boolean;
  onMove: (step: -1 | 1) => void;
  onView: (original: boolean) => void;
  onMarkup: () => void;
}

/** One thumbnail: caption, order, mark-up, delete and where its upload stands. */
export function MediaTile({ media, name, first, last, onMove, onView, onMarkup }: MediaTileProps) {
  const { toast } = useToast();
  const [caption, setCaption] = useState(media.caption ?? '');
  // 'delete' from the tile's actions; 'remove' for a failed upload, which never reached the customer.
  const [confirming, setConfirming] = useState<'delete' | 'remove' | null>(null);
  const upload = uploadLabel(media.upload);
  const failed = media.upload?.state === 'failed';
  const fail = (description: string) => toast({ title: 'Error', description, variant: 'destructive' });

  const saveCaption = () => {
    if (caption.trim() === (media.caption ?? '')) return;
    changeCaption(media.id, caption).catch(() => fail('The caption could not be saved. Try again.'));
  };

  return (
    <li
      className={styles.tile}
      data-testid="media-tile"
      data-media-id={media.id}
      data-has-markup={media.hasMarkup || undefined}
    >
      <button type="button" className={styles.thumbButton} aria-label={`Open ${name}`} onClick={() => onView(false)}>
        <img className={styles.thumb} src={media.posterUrl ?? media.thumbUrl} alt="" width={160} height={120} />
        {media.kind === 'video' ? <Play className={styles.playMark} aria-hidden="true" /> : null}
      </button>
      {media.hasMarkup ? <span className={styles.markedBadge}>Marked up</span> : null}
      {media.hasMarkup ? (
        <Button variant="ghost" size="sm" onClick={() => onView(true)} aria-label={`See original of ${name}`}>
          See original
        </Button>
      ) : null}
      <Input
        aria-label={`Caption for ${name}`}
        placeholder="Caption"
        maxLength={MEDIA_CAPTION_MAX}
        value={caption}
        onChange={(e) => setCaption(e.target.value)}
        onBlur={saveCaption}
        onKeyDown={(e) => {
          // Enter keeps the caption instead of submitting the whole inspection.
          if (e.key === 'Enter') {
            e.preventDefault();
            saveCaption();
          }
        }}
      />
      <div className={styles.tileActions}>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Move ${name} earlier`}
          disabled={first}
          onClick={() => onMove(-1)}
        >
          <ArrowLeft aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="icon" aria-label={`Move ${name} later`} disabled={last} onClick={() => onMove(1)}>
          <ArrowRight aria-hidden="true" />
        </Button>
        {media.kind === 'photo' ? (
          <Button variant="ghost" size="icon" aria-label={`Mark up ${name}`} onClick={onMarkup}>
            <PenLine aria-hidden="true" />
          </Button>
        ) : null}
        <Button variant="ghost" size="icon" aria-label={`Delete ${name}`} onClick={() => setConfirming('delete')}>
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      {upload ? (
        <p
          className={failed ? styles.uploadFailed : styles.upload}
          data-testid="media-upload"
          role={failed ? 'alert' : undefined}
        >
          {upload}
        </p>
      ) : null}
      {failed ? (
        <div className={styles.tileActions}>
          {canRetryUpload(media.upload) ? (
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Try again to upload ${name}`}
              onClick={() =>
                retryMedia(media.id).catch(() => fail(`The ${media.kind} could not be queued again. Try again.`))
              }
            >
              Try again
            </Button>
          ) : null}
          <Button variant="ghost" size="sm" aria-label={`Remove ${name}`} onClick={() => setConfirming('remove')}>
            Remove
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={confirming === 'remove' ? `Remove this ${media.kind}?` : `Delete this ${media.kind}?`}
        description={
          confirming === 'remove'
            ? `It did not reach the server; it and its files are deleted from this device.`
            : "It is removed from the inspection and from the customer's report."
        }
        confirmLabel={confirming === 'remove' ? 'Remove' : 'Delete'}
        onConfirm={() => {
          removeMedia(media.id).catch(() => fail(`The ${media.kind} could not be deleted. Try again.`));
        }}
      />
    </li>
  );
}

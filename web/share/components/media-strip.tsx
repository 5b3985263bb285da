import { THUMB_HEIGHT, THUMB_WIDTH, describe, hasMarkup, srcSet, type PublicMedia } from '../lib/media';
import { useOpenViewer } from './media-viewer-context';

// Two thumbnails side by side on a 360 px phone; on wider screens the box stays 128 px.
const SIZES = `${THUMB_WIDTH}px`;
const VIDEO_WIDTH = 256;
const VIDEO_HEIGHT = 144;

function Photo({ media, label }: { media: PublicMedia; label: string }) {
  const open = useOpenViewer();
  return (
    <a
      className="media-thumb"
      href={media.urls.w1920}
      data-testid="media-photo"
      data-marked-up={hasMarkup(media) || undefined}
      onClick={(event) => {
        if (!open) return;
        event.preventDefault();
        open(media.id);
      }}
    >
      <img
        src={media.urls.w320}
        srcSet={srcSet(media)}
        sizes={SIZES}
        width={THUMB_WIDTH}
        height={THUMB_HEIGHT}
        loading="lazy"
        decoding="async"
        alt={label}
      />
    </a>
  );
}

function Video({ media, label }: { media: PublicMedia; label: string }) {
  return (
    <video
      className="media-video"
      data-testid="media-video"
      controls
      preload="none"
      playsInline
      poster={media.urls.poster ?? undefined}
      src={media.urls.video ?? media.urls.original}
      width={VIDEO_WIDTH}
      height={VIDEO_HEIGHT}
      aria-label={label}
    />
  );
}

/**
 * An item's or a service's photos and videos under its words: fixed-size, lazily loaded
 * thumbnails (the marked-up image when there is one) that open the viewer; videos play in place.
 */
export function MediaStrip({ media, owner }: { media: PublicMedia[]; owner: string }) {
  if (media.length === 0) return null;
  return (
    <ul className="media-strip" aria-label={`Photos and videos: ${owner}`}>
      {media.map((m) => {
        const label = describe(m, owner);
        return (
          <li key={m.id} className={`media-strip__item media-strip__item--${m.kind}`} data-media-id={m.id}>
            {m.kind === 'video' ? <Video media={m} label={label} /> : <Photo media={m} label={label} />}
            <span className="media-strip__label">{label}</span>
          </li>
        );
      })}
    </ul>
  );
}

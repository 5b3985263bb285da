import { useMediaCount } from '@web/lib/use-offline-media';
import { photoCount } from '../media-rules';
import styles from './media.module.css';

/** '3 photos' on an inspection's card or row; nothing when it has none. */
export function PhotoCount({ inspectionId }: { inspectionId: string }) {
  const count = useMediaCount(inspectionId);
  if (count === 0) return null;
  return (
    <span className={styles.count} data-testid="photo-count">
      {photoCount(count)}
    </span>
  );
}

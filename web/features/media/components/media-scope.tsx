import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useInspectionMedia, type LocalMedia } from '../../../offline/media';
import styles from './media.module.css';

interface MediaScopeValue {
  /** The inspection media are attached to; null while it is not saved yet. */
  inspectionId: string | null;
  media: readonly LocalMedia[];
}

const MediaScopeContext = createContext<MediaScopeValue>({ inspectionId: null, media: [] });

/** One live read of an inspection's media for the whole dialog; each item's strip takes its own. */
export function MediaScope({ inspectionId, children }: { inspectionId: string | null; children: ReactNode }) {
  const media = useInspectionMedia(inspectionId ?? undefined);
  const value = useMemo(() => ({ inspectionId, media }), [inspectionId, media]);
  return <MediaScopeContext.Provider value={value}>{children}</MediaScopeContext.Provider>;
}

export const useMediaScope = () => useContext(MediaScopeContext);

/** Why a new inspection has no cameras yet; nothing once it is saved. */
export function MediaScopeNote() {
  const { inspectionId } = useMediaScope();
  if (inspectionId) return null;
  return <p className={styles.note}>Photos and videos can be added once the inspection is saved: save it, then open it again.</p>;
}

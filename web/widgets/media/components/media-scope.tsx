import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Inspection } from '@shared/schemas/inspection';
import type { LocalMedia } from '@web/offline/media';

interface MediaScopeValue {
  /** The inspection media are attached to: a new one's id is made when its dialog opens. */
  inspectionId: string;
  /** The inspection as saved, kept on the device with its media; undefined before its first save. */
  saved: Inspection | undefined;
  media: readonly LocalMedia[];
}

const MediaScopeContext = createContext<MediaScopeValue>({ inspectionId: '', saved: undefined, media: [] });

/** The dialog's one live read of its inspection's media (`useInspectionMedia`); each item's strip takes its own. */
export function MediaScope({ inspectionId, saved, media, children }: MediaScopeValue & { children: ReactNode }) {
  const value = useMemo(() => ({ inspectionId, saved, media }), [inspectionId, saved, media]);
  return <MediaScopeContext.Provider value={value}>{children}</MediaScopeContext.Provider>;
}

export const useMediaScope = () => useContext(MediaScopeContext);

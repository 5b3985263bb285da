import { createContext, lazy, Suspense, useContext, useState, type ReactNode } from 'react';
import type { ViewerPhoto } from '../lib/media';

// Fetched only when a customer opens a photo: the report's first load does not carry the viewer.
const MediaViewer = lazy(() => import('./media-viewer'));

const OpenViewer = createContext<((id: string) => void) | null>(null);

/** The report's photos in page order; a thumbnail opens the full-screen viewer on its own. */
export function MediaViewerProvider({ photos, children }: { photos: ViewerPhoto[]; children: ReactNode }) {
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <OpenViewer.Provider value={setOpenId}>
      {children}
      {openId !== null && photos.length > 0 ? (
        <Suspense fallback={null}>
          <MediaViewer photos={photos} startId={openId} onClose={() => setOpenId(null)} />
        </Suspense>
      ) : null}
    </OpenViewer.Provider>
  );
}

/** Opens the viewer at a photo; null where no viewer is provided (the link then opens the picture). */
export const useOpenViewer = () => useContext(OpenViewer);

import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { useCurrentUser } from './current-user';
import { getOffline } from '@web/offline';
import {
  BlobUrls,
  mediaCount,
  pendingUploads,
  readInspectionMedia,
  toLocalMedia,
} from '@web/offline/media/local-media';
import type { LocalMedia, UploadStatus } from '@web/offline/media/media-types';
import { checkStorage, currentStorageWarning, onStorageWarning } from '@web/offline/media/storage';

// The React side of the device's media: live lists, counts and the header's upload status.

const NONE: LocalMedia[] = [];
/** How often the free space is read again while the app is open. */
const STORAGE_CHECK_MS = 5 * 60_000;

/** An inspection's media, kept live (captures, uploads confirmed, other devices' media pulled). */
export function useInspectionMedia(inspectionId: string | undefined): LocalMedia[] {
  const { db } = getOffline();
  const urls = useMemo(() => new BlobUrls(), []);
  useEffect(() => urls.retain(), [urls]);
  const snapshot = useLiveQuery(
    () => (inspectionId ? readInspectionMedia(db, inspectionId) : undefined),
    [db, inspectionId],
  );
  return useMemo(() => (snapshot ? toLocalMedia(snapshot, urls.refresh(snapshot)) : NONE), [snapshot, urls]);
}

/** How many photos and videos an inspection has on the device, for its card or row. */
export function useMediaCount(inspectionId: string): number {
  const { db } = getOffline();
  return useLiveQuery(() => mediaCount(db, inspectionId), [db, inspectionId]) ?? 0;
}

/** Files waiting to go up, the one going up now, and the low-storage warning. */
export function useUploadStatus(): UploadStatus {
  const { db, engine } = getOffline();
  const userId = useCurrentUser()?.id ?? null;
  const pending = useLiveQuery(() => pendingUploads(db, userId), [db, userId]) ?? 0;
  const [current, setCurrent] = useState(() => engine.getUploadProgress());
  const [storageWarning, setStorageWarning] = useState(currentStorageWarning);
  useEffect(() => engine.onUploadProgress(setCurrent), [engine]);
  useEffect(() => {
    const off = onStorageWarning(setStorageWarning);
    void checkStorage();
    const timer = setInterval(() => void checkStorage(), STORAGE_CHECK_MS);
    return () => {
      off();
      clearInterval(timer);
    };
  }, []);
  return { pending, current, storageWarning };
}

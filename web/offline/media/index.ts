// The device's photos and videos (docs/offline-sync.md, "Photos and videos"): what the staff
// screens use, beside the React hooks in web/lib/use-offline-media.ts. They never fetch media
// themselves.
export { captureMedia, deleteMedia, retryUpload, saveMarkup, updateMedia } from './capture';
export type { CaptureInput, LocalMedia, UploadStatus } from './media-types';
export { checkStorage, storageWarningFor } from './storage';
export { discardUnsavedMedia } from './unsaved-media';

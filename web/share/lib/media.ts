import type { MediaItemKey } from '@shared/constants';
import type { PublicMedia } from '@shared/schemas/media';

export type { PublicMedia };

/** The words a customer reads for each inspection item a photo belongs to. */
export const ITEM_LABELS: Record<MediaItemKey, string> = {
  frontLeftTire: 'Front left tire',
  frontRightTire: 'Front right tire',
  rearLeftTire: 'Rear left tire',
  rearRightTire: 'Rear right tire',
  frontLeftBrake: 'Front left brake',
  frontRightBrake: 'Front right brake',
  rearLeftBrake: 'Rear left brake',
  rearRightBrake: 'Rear right brake',
  cabinFilter: 'Cabin filter',
  engineFilter: 'Engine filter',
  oil: 'Oil',
  coolant: 'Coolant',
  suspension: 'Suspension',
  leaks: 'Leaks',
  checkEngineLight: 'Check engine light',
  diagnosticCodes: 'Diagnostic codes',
};

/** Thumbnail box in CSS pixels: fixed, so the page never moves when a picture arrives. */
export const THUMB_WIDTH = 128;
export const THUMB_HEIGHT = 96;

const byPosition = (a: PublicMedia, b: PublicMedia) => a.position - b.position;

/** The media of some items (in the order given), each item's by position. */
export function mediaOfItems(media: readonly PublicMedia[], keys: readonly MediaItemKey[]): PublicMedia[] {
  return keys.flatMap((key) => media.filter((m) => m.itemKey === key).sort(byPosition));
}

export function mediaOfService(media: readonly PublicMedia[], serviceId: string): PublicMedia[] {
  return media.filter((m) => m.serviceId === serviceId).sort(byPosition);
}

/** The resized copies for `srcset` (made from the marked-up image when there is one). */
export const srcSet = (m: PublicMedia) => `${m.urls.w320} 320w, ${m.urls.w960} 960w, ${m.urls.w1920} 1920w`;

/** What a picture shows, for its alt text and label: its item or service, then its caption. */
export function describe(m: PublicMedia, owner: string): string {
  const what = m.itemKey ? ITEM_LABELS[m.itemKey] : owner;
  return m.caption ? `${what}: ${m.caption}` : what;
}

/** The marked-up copy differs from the original only when there is a mark-up. */
export const hasMarkup = (m: PublicMedia) => m.urls.markup !== null;

/** Every photo in the order the page shows them (items, then services), with its label: what the viewer swipes through. */
export function photosInPageOrder(
  media: readonly PublicMedia[],
  itemKeys: readonly MediaItemKey[],
  services: readonly { id: string; description: string }[],
): { media: PublicMedia; label: string }[] {
  const items = mediaOfItems(media, itemKeys).map((m) => ({ media: m, label: describe(m, '') }));
  const ofServices = services.flatMap((s) =>
    mediaOfService(media, s.id).map((m) => ({ media: m, label: describe(m, s.description) })),
  );
  return [...items, ...ofServices].filter((p) => p.media.kind === 'photo');
}

/** A photo of the report as the viewer shows it. */
export interface ViewerPhoto {
  media: PublicMedia;
  /** The item or service and caption, as the thumbnail's label says it. */
  label: string;
}

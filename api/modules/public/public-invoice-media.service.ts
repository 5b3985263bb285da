import type { PublicMedia } from '@shared/schemas/media';
import type { Db } from '@api/db/database';
import { findInvoiceByToken } from '@api/modules/invoices/invoice.repository';
import { mediaUrlsOf, toPublicMedia } from '@api/modules/media/media.mapper';
import { findMedia, type MediaView } from '@api/modules/media/media.repository';
import { isShareToken } from '@api/lib/tokens';
import { shareLinkExpired } from '@api/modules/inspections/share-link';

// The invoice and receipt pages show the photos of their inspection through their own token, so
// they work (and print) without the report's link, and a revoked report link does not break them.

const publicInvoiceMediaBase = (token: string) => `/api/public/invoices/${encodeURIComponent(token)}/media`;

/** A medium as an invoice's page gets it: URLs scoped to the invoice's token. */
export const toInvoiceMedia = (row: MediaView, token: string): PublicMedia => ({
  ...toPublicMedia(row, token),
  urls: mediaUrlsOf(row, publicInvoiceMediaBase(token)),
});

/** The medium when it belongs to the inspection this invoice was made from; else undefined (404). */
export async function findInvoiceMedia(db: Db, token: string, id: string, now: number): Promise<MediaView | undefined> {
  const invoice = isShareToken(token) ? await findInvoiceByToken(db, token) : undefined;
  if (!invoice?.inspectionId || shareLinkExpired(invoice, now)) return undefined;
  const row = await findMedia(db, id);
  return row && row.inspectionId === invoice.inspectionId ? row : undefined;
}

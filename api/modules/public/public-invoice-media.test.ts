import { describe, expect, it } from 'vitest';
import type { PublicMedia } from '@shared/schemas/media';
import { useTestApp } from '@api/test/app';
import { createInspection, createInvoiceFor } from '@api/test/factories';
import { makeJpeg, upload } from '@api/modules/media/media-test-kit';
import { useTempDir } from '@api/test/temp-dir';

const t = await useTestApp({ dataDir: useTempDir('baywise-invoice-media-') });
const tech = await t.signIn('technician');
const photo = await makeJpeg(1200, 800);

async function invoiceWithPhoto() {
  const inspection = await createInspection(t.db, {}, [{ description: 'Front pads', status: 'approved' }]);
  const res = await upload(tech, { inspectionId: inspection.id, serviceId: inspection.services[0]!.id, caption: 'Worn pad' }, photo);
  expect(res.statusCode, res.body).toBe(200);
  const invoice = await createInvoiceFor(t.db, inspection);
  return { inspection, invoice, mediaId: res.json<{ id: string }>().id };
}

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('an invoice\'s photos on its share pages', () => {
  it('lists the inspection\'s media with URLs under the invoice\'s own token, and serves them there', async () => {
    const { invoice, mediaId } = await invoiceWithPhoto();
    const res = await get(`/api/public/invoices/${invoice.shareToken}`);
    expect(res.statusCode).toBe(200);
    const media = res.json<{ media: PublicMedia[] }>().media;
    expect(media).toHaveLength(1);
    expect(media[0]).toMatchObject({ id: mediaId, kind: 'photo', caption: 'Worn pad', itemKey: null });
    const base = `/api/public/invoices/${invoice.shareToken}/media/${mediaId}/files/`;
    for (const url of [media[0]!.urls.w320, media[0]!.urls.w1920, media[0]!.urls.original]) expect(url.startsWith(base)).toBe(true);

    const thumb = await get(media[0]!.urls.w320);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toMatch(/^image\/(webp|jpeg)$/);
    expect(thumb.headers['x-content-type-options']).toBe('nosniff');
    expect(thumb.headers['set-cookie']).toBeUndefined();
    const original = await get(media[0]!.urls.original);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.rawPayload.length).toBeGreaterThan(1000);
  });

  it('answers 404 for another inspection\'s medium, a guessed id or an unknown token', async () => {
    const one = await invoiceWithPhoto();
    const other = await invoiceWithPhoto();
    const url = (await get(`/api/public/invoices/${one.invoice.shareToken}`)).json<{ media: PublicMedia[] }>().media[0]!.urls.w320;
    const otherUrl = url.replace(one.mediaId, other.mediaId);
    expect((await get(otherUrl)).statusCode).toBe(404);
    expect((await get(url.replace(one.mediaId, '3f0c7a52-9d1e-4b8a-a6f2-5c4d3e2b1a00'))).statusCode).toBe(404);
    const unknownToken = url.replace(one.invoice.shareToken, 'A'.repeat(one.invoice.shareToken.length));
    const res = await get(unknownToken);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
  });

  it('gives an invoice without an inspection an empty list', async () => {
    const { inspection } = await invoiceWithPhoto();
    const bare = await createInvoiceFor(t.db, inspection, { inspectionId: null });
    const res = await get(`/api/public/invoices/${bare.shareToken}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ media: PublicMedia[] }>().media).toEqual([]);
  });
});

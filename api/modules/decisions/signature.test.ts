import { describe, expect, it } from 'vitest';
import { useTestApp } from '@api/test/app';
import { createInspection, createInvoiceFor } from '@api/test/factories';

const t = await useTestApp();
const admin = await t.signIn('admin');

// A real 1×1 PNG, as a canvas's toDataURL gives it.
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

async function setSignature(mode: unknown) {
  return admin.inject({
    method: 'PUT',
    url: '/api/shop-settings',
    payload: { openSignUp: false, approvalSignature: mode },
  });
}

const approve = (token: string, serviceId: string, payload?: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/public/inspections/${token}/services/${serviceId}/approve`,
    ...(payload ? { payload } : {}),
  });

const pageOf = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/public/inspections/${token}` })).json();

describe('the approvalSignature shop setting', () => {
  it('is never by default, changes for admins only, and refuses unknown values', async () => {
    expect((await admin.inject({ method: 'GET', url: '/api/shop-settings' })).json()).toEqual({
      openSignUp: false,
      approvalSignature: 'never',
      unviewedAlertMinutes: 20,
      techniciansMaySend: false,
      shareLinkDays: 180,
    });
    const bad = await setSignature('sometimes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid request body: Approval signature must be never, first or always');
    const technician = await t.signIn('technician');
    const denied = await technician.inject({
      method: 'PUT',
      url: '/api/shop-settings',
      payload: { openSignUp: false, approvalSignature: 'always' },
    });
    expect(denied.statusCode).toBe(403);
    // Left out, it keeps its value (a client that only knows the sign-up switch).
    expect((await setSignature('first')).json()).toEqual({
      openSignUp: false,
      approvalSignature: 'first',
      unviewedAlertMinutes: 20,
      techniciansMaySend: false,
      shareLinkDays: 180,
    });
    const onlySignUp = await admin.inject({ method: 'PUT', url: '/api/shop-settings', payload: { openSignUp: true } });
    expect(onlySignUp.json()).toEqual({
      openSignUp: true,
      approvalSignature: 'first',
      unviewedAlertMinutes: 20,
      techniciansMaySend: false,
      shareLinkDays: 180,
    });
  });

  it('never: approvals need no name or signature', async () => {
    await setSignature('never');
    const inspection = await createInspection(t.db, {}, [{ description: 'Oil' }]);
    expect((await pageOf(inspection.shareToken)).signatureRequired).toBe(false);
    expect((await approve(inspection.shareToken, inspection.services[0]!.id)).statusCode).toBe(200);
  });

  it('always: refuses an approval without a name or signature, keeps what was given', async () => {
    await setSignature('always');
    const inspection = await createInspection(t.db, {}, [
      { description: 'A' },
      { description: 'B' },
      { description: 'C' },
    ]);
    const [a, b, c] = inspection.services;
    expect((await pageOf(inspection.shareToken)).signatureRequired).toBe(true);
    const refused = await approve(inspection.shareToken, a!.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: 'bad_request',
      message: 'Type your full name or draw your signature to approve',
    });
    const blank = await approve(inspection.shareToken, a!.id, { signerName: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(
      (await t.db.selectFrom('services').select('status').where('id', '=', a!.id).executeTakeFirstOrThrow()).status,
    ).toBe('recommended');

    expect((await approve(inspection.shareToken, a!.id, { signerName: ' Pat Doe ' })).statusCode).toBe(200);
    expect((await approve(inspection.shareToken, b!.id, { signature: PNG })).statusCode).toBe(200);
    // Declining never asks.
    const decline = await t.app.inject({
      method: 'PUT',
      url: `/api/public/inspections/${inspection.shareToken}/services/${c!.id}/decline`,
    });
    expect(decline.statusCode).toBe(200);
    expect((await pageOf(inspection.shareToken)).signatureRequired).toBe(true);

    const rows = await t.db
      .selectFrom('serviceDecisions')
      .select(['serviceId', 'signerName', 'signature'])
      .where('inspectionId', '=', inspection.id)
      .orderBy('decidedAt')
      .execute();
    expect(rows).toEqual([
      { serviceId: a!.id, signerName: 'Pat Doe', signature: null },
      { serviceId: b!.id, signerName: null, signature: PNG },
      { serviceId: c!.id, signerName: null, signature: null },
    ]);
  });

  it('first: only the first approval of the inspection asks, on the report and the invoice page alike', async () => {
    await setSignature('first');
    const inspection = await createInspection(t.db, {}, [{ description: 'A' }, { description: 'B' }]);
    expect((await pageOf(inspection.shareToken)).signatureRequired).toBe(true);
    expect((await approve(inspection.shareToken, inspection.services[0]!.id)).statusCode).toBe(400);
    expect(
      (await approve(inspection.shareToken, inspection.services[0]!.id, { signerName: 'Pat Doe' })).statusCode,
    ).toBe(200);
    expect((await pageOf(inspection.shareToken)).signatureRequired).toBe(false);
    expect((await approve(inspection.shareToken, inspection.services[1]!.id)).statusCode).toBe(200);
  });

  it('refuses a signature that is not a PNG data URL or is too large', async () => {
    await setSignature('always');
    const inspection = await createInspection(t.db, {}, [{ description: 'A' }]);
    const id = inspection.services[0]!.id;
    const cases: [unknown, string][] = [
      ['data:image/jpeg;base64,/9j/4AAQ', 'Invalid request body: The signature must be a PNG image'],
      ['javascript:alert(1)', 'Invalid request body: The signature must be a PNG image'],
      // The right prefix, but the bytes are not a PNG.
      [
        `data:image/png;base64,${Buffer.from('GIF89a not a png').toString('base64')}`,
        'The signature must be a PNG image',
      ],
      [
        `data:image/png;base64,${'A'.repeat(210 * 1024)}`,
        'Invalid request body: The signature is too large (at most 200 KB)',
      ],
      [42, 'Invalid request body: The signature must be a PNG image'],
    ];
    for (const [signature, message] of cases) {
      const res = await approve(inspection.shareToken, id, { signerName: 'Pat', signature });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(
      await t.db.selectFrom('serviceDecisions').select('id').where('inspectionId', '=', inspection.id).execute(),
    ).toEqual([]);
  });

  it('tells the invoice share page too', async () => {
    await setSignature('always');
    const inspection = await createInspection(t.db, {}, [{ description: 'A' }]);
    const { shareToken: token } = await createInvoiceFor(t.db, inspection);
    expect((await t.app.inject({ method: 'GET', url: `/api/public/invoices/${token}` })).json().signatureRequired).toBe(
      true,
    );
    const url = `/api/public/invoices/${token}/services/${inspection.services[0]!.id}/approve`;
    expect((await t.app.inject({ method: 'PUT', url })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url, payload: { signature: PNG } })).statusCode).toBe(200);
  });
});

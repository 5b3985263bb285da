import { describe, expect, it } from 'vitest';
import { useTestApp } from '@api/test/app';
import { createInspection } from '@api/test/factories';

const t = await useTestApp();
const advisor = await t.signIn('service_advisor');

/** An inspection with one service the customer approved on the share page. */
async function approvedService(
  fields: {
    laborCostCents?: number;
    partsCostCents?: number;
    parts?: { partName: string; partCostCents: number }[];
  } = {},
) {
  const inspection = await createInspection(t.db, {}, [{ description: 'Brakes', laborCostCents: 10000, ...fields }]);
  const service = inspection.services[0]!;
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/public/inspections/${inspection.shareToken}/services/${service.id}/approve`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { inspection, service };
}

const serviceOf = async (inspectionId: string) =>
  (await advisor.inject({ method: 'GET', url: `/api/inspections/${inspectionId}` })).json().services[0];

const publicServiceOf = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/public/inspections/${token}` })).json().services[0];

describe('re-approval', () => {
  it('a price change marks the approval, keeps the approved amount and shows both on the share page', async () => {
    const { inspection, service } = await approvedService();
    const edit = await advisor.inject({
      method: 'PUT',
      url: `/api/services/${service.id}`,
      payload: { laborCost: '125.00' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({
      status: 'approved',
      needsReapproval: true,
      approvedAmount: '100.00',
      laborCost: '125.00',
    });
    expect(await publicServiceOf(inspection.shareToken)).toMatchObject({
      status: 'approved',
      needsReapproval: true,
      approvedAmount: '100.00',
      laborCost: '125.00',
    });
    // The customer approves again: the flag clears, the new amount is the approved one, one more row.
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/public/inspections/${inspection.shareToken}/services/${service.id}/approve`,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ status: 'approved', needsReapproval: false, approvedAmount: '125.00' });
    const rows = await t.db
      .selectFrom('serviceDecisions')
      .select(['decision', 'amountCents'])
      .where('serviceId', '=', service.id)
      .orderBy('decidedAt')
      .execute();
    expect(rows).toEqual([
      { decision: 'approved', amountCents: 10000 },
      { decision: 'approved', amountCents: 12500 },
    ]);
    // Once re-approved, another tap is the usual 409.
    const twice = await t.app.inject({
      method: 'PUT',
      url: `/api/public/inspections/${inspection.shareToken}/services/${service.id}/approve`,
    });
    expect(twice.statusCode).toBe(409);
  });

  it('the customer may decline the changed work instead', async () => {
    const { inspection, service } = await approvedService();
    await advisor.inject({
      method: 'PUT',
      url: `/api/services/${service.id}`,
      payload: { description: 'Brakes, front and rear' },
    });
    const decline = await t.app.inject({
      method: 'PUT',
      url: `/api/public/inspections/${inspection.shareToken}/services/${service.id}/decline`,
    });
    expect(decline.json()).toMatchObject({ status: 'declined', needsReapproval: false, approvedAmount: null });
  });

  it('staff re-approve with how it was given', async () => {
    const { inspection, service } = await approvedService();
    await advisor.inject({ method: 'PUT', url: `/api/services/${service.id}`, payload: { partsCost: '20.00' } });
    const again = await advisor.inject({
      method: 'PUT',
      url: `/api/services/${service.id}`,
      payload: { status: 'approved', decisionMethod: 'phone' },
    });
    expect(again.json()).toMatchObject({ needsReapproval: false, approvedAmount: '120.00' });
    const [latest] = (
      await advisor.inject({ method: 'GET', url: `/api/inspections/${inspection.id}/decisions` })
    ).json().decisions;
    expect(latest).toMatchObject({ decision: 'approved', actor: 'staff', method: 'phone', amount: '120.00' });
  });

  it('adding or removing a part marks it; a parts link or an unrelated save does not', async () => {
    const { inspection, service } = await approvedService({ parts: [{ partName: 'Pads', partCostCents: 4000 }] });
    expect(await serviceOf(inspection.id)).toMatchObject({ needsReapproval: false, approvedAmount: '140.00' });
    const link = await advisor.inject({
      method: 'PUT',
      url: `/api/services/${service.id}`,
      payload: { partsLink: 'https://parts.test/pads' },
    });
    expect(link.json()).toMatchObject({ needsReapproval: false });
    const notes = await advisor.inject({
      method: 'PUT',
      url: `/api/inspections/${inspection.id}`,
      payload: { notes: 'Rotors fine' },
    });
    expect(notes.statusCode, notes.body).toBe(200);
    expect(await serviceOf(inspection.id)).toMatchObject({
      status: 'approved',
      needsReapproval: false,
      approvedAmount: '140.00',
    });

    const added = await advisor.inject({
      method: 'POST',
      url: `/api/services/${service.id}/parts`,
      payload: { partName: 'Clips', partCost: '0.00' },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(await serviceOf(inspection.id)).toMatchObject({
      status: 'approved',
      needsReapproval: true,
      approvedAmount: '140.00',
    });
  });

  it('an inspection save that changes the service marks it; one that sends it unchanged does not', async () => {
    const { inspection, service } = await approvedService({ partsCostCents: 500 });
    const current = await serviceOf(inspection.id);
    const same = {
      id: service.id,
      description: current.description,
      laborCost: current.laborCost,
      partsCost: current.partsCost,
    };
    const unchanged = await advisor.inject({
      method: 'PUT',
      url: `/api/inspections/${inspection.id}`,
      payload: { services: [same] },
    });
    expect(unchanged.json().services[0]).toMatchObject({
      status: 'approved',
      needsReapproval: false,
      approvedAmount: '105.00',
    });

    const changed = await advisor.inject({
      method: 'PUT',
      url: `/api/inspections/${inspection.id}`,
      payload: { services: [{ ...same, laborCost: '150.00' }] },
    });
    expect(changed.json().services[0]).toMatchObject({
      status: 'approved',
      needsReapproval: true,
      approvedAmount: '105.00',
      laborCost: '150.00',
    });
    // A later unrelated save keeps the flag and the amount approved.
    const later = await advisor.inject({
      method: 'PUT',
      url: `/api/inspections/${inspection.id}`,
      payload: { notes: 'x' },
    });
    expect(later.json().services[0]).toMatchObject({ needsReapproval: true, approvedAmount: '105.00' });
  });

  it('a change to a service that is not approved asks nothing', async () => {
    const inspection = await createInspection(t.db, {}, [{ description: 'Wipers', laborCostCents: 1000 }]);
    const edit = await advisor.inject({
      method: 'PUT',
      url: `/api/services/${inspection.services[0]!.id}`,
      payload: { laborCost: '15.00' },
    });
    expect(edit.json()).toMatchObject({ status: 'recommended', needsReapproval: false, approvedAmount: null });
  });
});

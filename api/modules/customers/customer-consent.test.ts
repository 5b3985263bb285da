import { describe, expect, it } from 'vitest';
import { useTestApp } from '@api/test/app';
import { createInspection } from '@api/test/factories';

const t = await useTestApp();
const staff = await t.signIn('service_advisor');
const base = { name: 'Tess Text', email: 'tess@mail.test', phone: '555-0170' };

describe('consent to texts on the customer', () => {
  it('records the day and how consent was given, shows it nested in inspections, and withdraws it with nulls', async () => {
    const created = await staff.inject({
      method: 'POST',
      url: '/api/customers',
      payload: { ...base, textConsentAt: '2026-11-24', textConsentSource: 'in_person' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ textConsentAt: '2026-11-24', textConsentSource: 'in_person' });
    const inspection = await createInspection(t.db, { customerId: created.json().id });
    const nested = (await staff.inject({ method: 'GET', url: `/api/inspections/${inspection.id}` })).json();
    expect(nested.customer).toMatchObject({ textConsentAt: '2026-11-24', textConsentSource: 'in_person' });

    const withdrawn = await staff.inject({
      method: 'PUT',
      url: `/api/customers/${created.json().id}`,
      payload: { textConsentAt: null, textConsentSource: null },
    });
    expect(withdrawn.json()).toMatchObject({ textConsentAt: null, textConsentSource: null, name: 'Tess Text' });
    // A change that does not touch consent keeps it as it was.
    await staff.inject({
      method: 'PUT',
      url: `/api/customers/${created.json().id}`,
      payload: { textConsentAt: '2026-11-25', textConsentSource: 'web' },
    });
    const renamed = await staff.inject({
      method: 'PUT',
      url: `/api/customers/${created.json().id}`,
      payload: { name: 'Tess T.' },
    });
    expect(renamed.json()).toMatchObject({ textConsentAt: '2026-11-25', textConsentSource: 'web' });
  });

  it('has no consent unless given, and takes the date and the source only together and well-formed', async () => {
    const plain = await staff.inject({
      method: 'POST',
      url: '/api/customers',
      payload: { ...base, email: 'plain@mail.test' },
    });
    expect(plain.json()).toMatchObject({ textConsentAt: null, textConsentSource: null });
    const cases: [Record<string, unknown>, { path: string; message: string }][] = [
      [
        { textConsentAt: '2026-11-24' },
        { path: 'textConsentSource', message: 'Give the consent date and its source together' },
      ],
      [
        { textConsentSource: 'web' },
        { path: 'textConsentAt', message: 'Give the consent date and its source together' },
      ],
      [
        { textConsentAt: 'yesterday', textConsentSource: 'web' },
        { path: 'textConsentAt', message: 'Consent date must be a date like 2026-11-25' },
      ],
      [
        { textConsentAt: '2026-11-24', textConsentSource: 'carrier pigeon' },
        { path: 'textConsentSource', message: 'Consent source must be in_person, signed_form, phone or web' },
      ],
    ];
    for (const [fields, issue] of cases) {
      const res = await staff.inject({ method: 'PUT', url: `/api/customers/${plain.json().id}`, payload: fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().issues).toEqual([issue]);
    }
  });
});

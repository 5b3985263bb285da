/** Creates one customer's worth of data through the real HTTP API and returns the share tokens. */
import { SAMPLE_VEHICLE } from '@test/sample-vehicle';

/** The shop admin every bench step signs in as. */
export const BENCH_ADMIN = { username: 'bench-admin', password: 'bench-password' } as const;

export interface ShareTokens {
  inspection: string;
  invoice: string;
  /** For adding to the report (the media section): its id, its services' ids, the admin's session. */
  inspectionId: string;
  serviceIds: string[];
  cookie: string;
}

interface Api {
  post(path: string, body: unknown): Promise<Record<string, unknown>>;
}

function apiClient(baseUrl: string): Api & { cookie: string } {
  const client = {
    cookie: '',
    async post(path: string, body: unknown) {
      const response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(client.cookie ? { cookie: client.cookie } : {}) },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${text}`);
      const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('baywise.sid='));
      if (setCookie) client.cookie = setCookie.split(';')[0] ?? '';
      return JSON.parse(text) as Record<string, unknown>;
    },
  };
  return client;
}

function field(row: Record<string, unknown>, name: string): string {
  const value = row[name];
  if (typeof value !== 'string') throw new Error(`response has no ${name}: ${JSON.stringify(row)}`);
  return value;
}

/** A realistic report: several services with parts, measurements, and an invoice with line items. */
export async function seedShareData(baseUrl: string, adminEmail: string, setupCode: string): Promise<ShareTokens> {
  const api = apiClient(baseUrl);
  await api.post('/api/register', { ...BENCH_ADMIN, email: adminEmail, role: 'admin', setupCode });

  const customer = await api.post('/api/customers', {
    name: 'Dana Whitfield',
    email: 'dana@example.com',
    phone: '555-0142',
    address: '12 Elm Street, Springfield',
  });
  const vehicle = await api.post('/api/vehicles', {
    customerId: field(customer, 'id'),
    ...SAMPLE_VEHICLE,
    color: 'Blue',
  });
  const inspection = await api.post('/api/inspections', {
    customerId: field(customer, 'id'),
    vehicleId: field(vehicle, 'id'),
    status: 'completed',
    frontLeftTread: 5.5,
    frontRightTread: 5.2,
    rearLeftTread: 3.1,
    rearRightTread: 2.9,
    frontLeftBrake: 7.0,
    frontRightBrake: 6.8,
    rearLeftBrake: 3.0,
    rearRightBrake: 2.5,
    oilCondition: 'dirty',
    oilLevel: 'low',
    coolantLevel: 'full',
    leaks: ['Oil pan gasket'],
    checkEngineLight: false,
    notes: 'Rear brakes near the limit; tyres wearing evenly.',
    services: [
      {
        description: 'Rear brake pads and rotors',
        laborCost: '180.00',
        parts: [
          { partName: 'Brake pad set', partCost: '64.99' },
          { partName: 'Rotor (x2)', partCost: '119.50' },
        ],
      },
      {
        description: 'Oil and filter change',
        laborCost: '35.00',
        parts: [{ partName: '5W-30 oil, 5 qt', partCost: '32.00' }],
      },
      { description: 'Oil pan gasket', laborCost: '210.00', parts: [{ partName: 'Gasket', partCost: '28.75' }] },
    ],
  });
  const invoice = await api.post('/api/invoices', {
    inspectionId: field(inspection, 'id'),
    status: 'sent',
    notes: 'Thank you for your business.',
    lineItems: [
      { description: 'Shop supplies', amount: '12.50' },
      { description: 'Tyre rotation', amount: '25.00' },
    ],
  });
  const services = (inspection.services ?? []) as { id: string }[];
  return {
    inspection: field(inspection, 'shareToken'),
    invoice: field(invoice, 'shareToken'),
    inspectionId: field(inspection, 'id'),
    serviceIds: services.map((s) => s.id),
    cookie: api.cookie,
  };
}

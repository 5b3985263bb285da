import { SAMPLE_VEHICLE } from '@test/sample-vehicle';
import { setupCodeIn } from '@test/setup-code';
import { ADMIN_EMAIL } from './server';

/** A signed-in (or anonymous) JSON client over real HTTP; the session cookie is kept by hand. */
export class Client {
  constructor(
    readonly baseUrl: string,
    public cookie = '',
  ) {}

  async call<T = Record<string, unknown>>(
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const res = await fetch(`${this.baseUrl}${url}`, {
      method,
      headers: {
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url} → ${res.status}: ${text}`);
    const sid = res.headers.getSetCookie().find((c) => c.startsWith('baywise.sid='));
    if (sid) this.cookie = sid.split(';')[0] ?? '';
    return (text ? JSON.parse(text) : undefined) as T;
  }
}

export const ADMIN = { username: 'faults_admin', password: 'Faults-admin-pass-31' } as const;
export const TECH = { username: 'faults_tech', password: 'Faults-tech-pass-47' } as const;

/** The real ids a run can aim at: one of each kind of row, and the share token of the report. */
export interface Seeded {
  admin: Client;
  tech: Client;
  techId: string;
  customerId: string;
  vehicleId: string;
  inspectionId: string;
  serviceIds: string[];
  noteId: string;
  partId: string;
  invoiceId: string;
  lineItemId: string;
  templateId: string | undefined;
  shareToken: string;
  invoiceToken: string;
}

function str(row: Record<string, unknown>, name: string): string {
  const value = row[name];
  if (typeof value !== 'string') throw new Error(`response has no ${name}: ${JSON.stringify(row)}`);
  return value;
}

/** The shop's admin (sign-up on the empty database), a technician (made by the admin), a report. */
export async function seedShop(baseUrl: string, dataDir: string): Promise<Seeded> {
  const admin = new Client(baseUrl);
  await admin.call('POST', '/api/register', {
    ...ADMIN,
    email: ADMIN_EMAIL,
    role: 'admin',
    setupCode: setupCodeIn(dataDir),
  });
  const techUser = await admin.call('POST', '/api/users', {
    ...TECH,
    email: 'faults-tech@baywise.test',
    role: 'technician',
  });
  const tech = new Client(baseUrl);
  await tech.call('POST', '/api/login', TECH);

  const customer = await tech.call('POST', '/api/customers', {
    name: 'Dana Whitfield',
    email: 'dana@example.com',
    phone: '555-0142',
  });
  const vehicle = await tech.call('POST', '/api/vehicles', {
    customerId: str(customer, 'id'),
    ...SAMPLE_VEHICLE,
  });
  const inspection = await tech.call('POST', '/api/inspections', {
    customerId: str(customer, 'id'),
    vehicleId: str(vehicle, 'id'),
    status: 'completed',
    frontLeftTread: 5.5,
    notes: 'Rear brakes near the limit.',
    services: [
      {
        description: 'Rear brake pads',
        laborCost: '180.00',
        parts: [{ partName: 'Brake pad set', partCost: '64.99' }],
      },
      { description: 'Oil and filter change', laborCost: '35.00' },
      { description: 'Wiper blades', laborCost: '10.00' },
    ],
  });
  const inspectionId = str(inspection, 'id');
  const services = inspection.services as Record<string, unknown>[];
  const parts = services[0]?.parts as Record<string, unknown>[];
  const note = await tech.call('POST', `/api/inspections/${inspectionId}/notes`, {
    note: 'Customer waits in the lobby.',
  });
  const invoice = await tech.call('POST', '/api/invoices', {
    inspectionId,
    status: 'sent',
    lineItems: [{ description: 'Shop supplies', amount: '12.50' }],
  });
  const templates = await admin.call<Record<string, unknown>[]>('GET', '/api/email-templates');
  return {
    admin,
    tech,
    techId: str(techUser, 'id'),
    customerId: str(customer, 'id'),
    vehicleId: str(vehicle, 'id'),
    inspectionId,
    serviceIds: services.map((s) => str(s, 'id')),
    noteId: typeof note.id === 'string' ? note.id : '',
    partId: parts?.[0] ? str(parts[0], 'id') : '',
    invoiceId: str(invoice, 'id'),
    lineItemId: str((invoice.lineItems as Record<string, unknown>[])[0] ?? {}, 'id'),
    templateId: templates[0] ? str(templates[0], 'id') : undefined,
    shareToken: str(inspection, 'shareToken'),
    invoiceToken: str(invoice, 'shareToken'),
  };
}

import type { StaffApi } from './staff-api';

export interface SeededInvoiceRow {
  id: string;
  shareToken: string;
  status: string;
  total: string;
  subtotal: string;
  tax: string;
  notes: string | null;
  createdAt: string;
  customer: { name: string };
  vehicle: { year: number; make: string; model: string } | null;
  lineItems: { description: string; amount: string }[];
}

export interface SeededReceiptInspection {
  id: string;
  customerName: string;
}

/** A customer, a vehicle and an inspection with the given services (straight over HTTP). */
export async function seedReceiptInspection(
  api: StaffApi,
  customerName: string,
  vehicle: { make: string; model: string },
  services: Record<string, unknown>[],
): Promise<SeededReceiptInspection> {
  const slug = customerName.toLowerCase().replace(/[^a-z0-9]+/g, '.');
  const customer = await api.call<{ id: string }>('POST', '/api/customers', {
    name: customerName,
    email: `${slug}@receipts.test`,
    phone: '555-0142',
  });
  const car = await api.call<{ id: string }>('POST', '/api/vehicles', {
    customerId: customer.id,
    year: 2019,
    mileage: 42000,
    ...vehicle,
  });
  const inspection = await api.call<{ id: string }>('POST', '/api/inspections', {
    customerId: customer.id,
    vehicleId: car.id,
    status: 'completed',
    services,
  });
  return { id: inspection.id, customerName };
}

/**
 * Twelve invoices over three customers (Alpha 5, Bravo 4, Charlie 3), statuses cycling
 * draft/sent/paid, every total different. Charlie drives a model named `charlieModel`.
 */
export async function seedInvoiceList(api: StaffApi, tag: string, charlieModel: string): Promise<SeededInvoiceRow[]> {
  const people = [
    { name: `${tag} Alpha`, count: 5, model: 'Civic', labor: '100.00' },
    { name: `${tag} Bravo`, count: 4, model: 'Accord', labor: '300.00' },
    { name: `${tag} Charlie`, count: 3, model: charlieModel, labor: '200.00' },
  ];
  const statuses = ['draft', 'sent', 'paid'];
  const made: SeededInvoiceRow[] = [];
  let n = 0;
  for (const person of people) {
    const inspection = await seedReceiptInspection(api, person.name, { make: 'Honda', model: person.model }, [
      { description: 'Oil change', laborCost: person.labor, partsCost: '0', status: 'approved' },
    ]);
    for (let i = 0; i < person.count; i += 1) {
      made.push(
        await api.call<SeededInvoiceRow>('POST', '/api/invoices', {
          inspectionId: inspection.id,
          status: statuses[n % 3],
          lineItems: [{ description: 'Shop supplies', amount: `${n * 7 + 1}.25` }],
        }),
      );
      n += 1;
    }
  }
  return made;
}

import type { StaffApi } from './staff-api';

export interface SeededService {
  id: string;
  description: string;
  status: string;
}

export interface SeededInspection {
  id: string;
  shareToken: string;
  createdAt: string;
  vehicleId: string;
  services: SeededService[];
}

export interface SeededInvoice {
  id: string;
  shareToken: string;
  createdAt: string;
}

/**
 * The standard car: a 2016 Subaru Outback with one pad below 3 mm, one at exactly 3 mm, mixed
 * conditions and five services. Figures by hand (recommended services only):
 *   Front brake pads 120.00 + 45.99 = 165.99; Cabin air filter 15.00 + 22.99 = 37.99;
 *   Coolant flush 80.00 + 33.33 + 1.01 = 114.34 → 318.32; 8.5% = 27.0572 → 27.06; 345.38.
 *   Approved: Wiper blades 0.00 + 24.50. Declined: Timing belt 400.00 + 150.00.
 */
export const STANDARD_SERVICES = [
  {
    description: 'Front brake pads',
    laborCost: '120.00',
    status: 'recommended',
    parts: [{ partName: 'Ceramic brake pads', partCost: '45.99', partUrl: 'https://parts.example.com/pads' }],
  },
  { description: 'Cabin air filter', laborCost: '15.00', partsCost: '22.99', status: 'recommended' },
  {
    description: 'Coolant flush',
    laborCost: '80.00',
    status: 'recommended',
    parts: [
      { partName: 'Coolant', partCost: '33.33' },
      { partName: 'Hose clamp', partCost: '1.01' },
    ],
  },
  { description: 'Timing belt', laborCost: '400.00', partsCost: '150.00', status: 'declined' },
  { description: 'Wiper blades', laborCost: '0', partsCost: '24.50', status: 'approved' },
];

let counter = 0;

export async function seedInspection(
  api: StaffApi,
  overrides: Record<string, unknown> = {},
  options: { vin?: string | null } = {},
): Promise<SeededInspection> {
  counter += 1;
  const customer = await api.call<{ id: string }>('POST', '/api/customers', {
    name: 'Dana Whitfield',
    email: `dana${counter}@mail.example.com`,
    phone: '555-0199',
  });
  const vehicle = await api.call<{ id: string }>('POST', '/api/vehicles', {
    customerId: customer.id,
    year: 2016,
    make: 'Subaru',
    model: 'Outback',
    vin: options.vin === undefined ? '4S4BSANC5G3201234' : options.vin,
    licensePlate: 'BAY 123',
    mileage: 88000,
  });
  const inspection = await api.call<SeededInspection>('POST', '/api/inspections', {
    customerId: customer.id,
    vehicleId: vehicle.id,
    status: 'completed',
    frontLeftTread: 6.5,
    frontRightTread: 6.4,
    rearLeftTread: 4,
    rearRightTread: null,
    frontLeftBrake: 2.9,
    frontRightBrake: 3,
    rearLeftBrake: 7.5,
    rearRightBrake: null,
    cabinFilterCondition: 'fair',
    engineFilterCondition: 'good',
    oilCondition: 'dirty',
    oilLevel: 'low',
    coolantLevel: 'full',
    suspensionCondition: 'minor_wear',
    leaks: ['Oil pan gasket'],
    checkEngineLight: true,
    diagnosticCodes: 'P0420',
    notes: 'Customer mentioned a squeal when braking.',
    services: STANDARD_SERVICES,
    ...overrides,
  });
  await api.call('POST', `/api/inspections/${inspection.id}/notes`, {
    note: 'Rear tires will need replacing within 6 months.',
  });
  return inspection;
}

/**
 * An invoice for the standard car with one line item. Figures by hand (8%):
 *   approved 24.50 + line item 7.07 = 31.57; tax 2.5256 → 2.53; total 34.10;
 *   pending 318.32; if all approved 349.89, tax 27.9912 → 27.99, total 377.88.
 */
export async function seedInvoice(
  api: StaffApi,
  inspectionId: string,
  body: Record<string, unknown> = {},
): Promise<SeededInvoice> {
  return api.call<SeededInvoice>('POST', '/api/invoices', {
    inspectionId,
    status: 'sent',
    notes: 'Please bring the car in before 9 am.',
    lineItems: [{ description: 'Shop supplies', amount: '7.07' }],
    ...body,
  });
}

export const serviceId = (inspection: SeededInspection, description: string): string => {
  const service = inspection.services.find((s) => s.description === description);
  if (!service) throw new Error(`no service ${description}`);
  return service.id;
};

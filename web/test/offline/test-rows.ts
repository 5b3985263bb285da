import type { Customer } from '@shared/schemas/customer';
import { measurementsResponse, type Inspection, type Service } from '@shared/schemas/inspection';
import type { User } from '@shared/schemas/user';
import type { Vehicle } from '@shared/schemas/vehicle';
import { customerSummary, vehicleSummary } from '@web/offline/local-rows';

// Rows shaped as the REST calls return them, for the offline tests.

/** A fixed, readable UUID: uuid(7) = 00000000-0000-4000-8000-000000000007. */
export const uuid = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const T0 = '2026-03-01T09:00:00.000Z';

type Findings = { [K in keyof typeof measurementsResponse]: Inspection[K] };

/** A new inspection's findings: every measurement, rating and note blank, no leaks. */
const NO_FINDINGS: Findings = {
  ...(Object.fromEntries(Object.keys(measurementsResponse).map((field) => [field, null])) as {
    [K in keyof Findings]: null;
  }),
  leaks: [],
};

export function customerRow(n: number, fields: Partial<Customer> = {}): Customer {
  return {
    id: uuid(n),
    name: `Customer ${n}`,
    email: `customer${n}@mail.test`,
    phone: '555-0100',
    address: null,
    status: 'active',
    textConsentAt: null,
    textConsentSource: null,
    createdAt: T0,
    updatedAt: T0,
    ...fields,
  };
}

export function userRow(n: number, fields: Partial<User> = {}): User {
  return {
    id: uuid(n),
    username: `user${n}`,
    email: `user${n}@shop.test`,
    role: 'technician',
    companyName: null,
    phone: null,
    address: null,
    city: null,
    state: null,
    zipCode: null,
    website: null,
    createdAt: T0,
    updatedAt: T0,
    ...fields,
  };
}

export function vehicleRow(n: number, customer: Customer, fields: Partial<Vehicle> = {}): Vehicle {
  return {
    id: uuid(n),
    customerId: customer.id,
    customerName: customer.name,
    year: 2018,
    make: 'Honda',
    model: 'Civic',
    vin: null,
    licensePlate: null,
    mileage: null,
    color: null,
    createdAt: T0,
    updatedAt: T0,
    ...fields,
  };
}

export function serviceRow(n: number, inspectionId: string, fields: Partial<Service> = {}): Service {
  return {
    id: uuid(n),
    inspectionId,
    description: `Service ${n}`,
    partsLink: null,
    partsCost: '0.00',
    laborCost: '0.00',
    status: 'recommended',
    needsReapproval: false,
    approvedAmount: null,
    createdAt: T0,
    updatedAt: T0,
    parts: [],
    ...fields,
  };
}

export function inspectionRow(
  n: number,
  customer: Customer,
  vehicle: Vehicle,
  fields: Partial<Inspection> = {},
): Inspection {
  return {
    id: uuid(n),
    customerId: customer.id,
    vehicleId: vehicle.id,
    technicianId: null,
    shareToken: `token-${n}`,
    status: 'in_progress',
    ...NO_FINDINGS,
    checkEngineLight: false,
    createdAt: T0,
    updatedAt: T0,
    customer: customerSummary(customer),
    vehicle: vehicleSummary(vehicle),
    technician: null,
    services: [],
    inspectionNotes: [],
    ...fields,
  };
}

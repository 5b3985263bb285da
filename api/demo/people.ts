import { newId } from '@api/lib/tokens';
import type { CustomerRow, UserRow, VehicleRow } from '@api/db/tables';
import { NO_USER_CONTACT } from '@api/db/user-rows';
import { COLORS, EMAIL_DOMAINS, FIRST_NAMES, LAST_NAMES, PLACES, SHOP, STREETS, VEHICLE_MODELS } from './catalog';
import { iso, type DemoClock } from './clock';
import type { DemoRandom } from './random';
import { makePlate, makeVin } from './vin';

export const DEMO_CUSTOMER_COUNT = 30;

export interface DemoStaff {
  admin: UserRow;
  technicians: [UserRow, UserRow];
  advisor: UserRow;
  all: UserRow[];
}

/** A vehicle with the local day it joined, so its inspections come later. */
export interface DemoVehicle {
  row: VehicleRow;
  addedDaysAgo: number;
  customerActive: boolean;
}

/** The staff: the admin (with the shop's contact settings), two technicians, a service advisor. */
export function buildStaff(clock: DemoClock, adminEmail: string, hashes: string[]): DemoStaff {
  const created = iso(new Date(clock.now.getTime() - 400 * 86_400_000));
  const user = (i: number, username: string, email: string, role: string, extra: Partial<UserRow> = {}): UserRow => ({
    id: newId(),
    username,
    email,
    passwordHash: hashes[i] ?? '',
    role,
    ...NO_USER_CONTACT,
    passwordChangeRequired: 0,
    // The printed password is shared: each person chooses their own at first sign-in.
    mustChangePassword: 1,
    status: 'active',
    createdAt: created,
    updatedAt: created,
    ...extra,
  });
  const { staffDomain, ...contact } = SHOP;
  const admin = user(0, 'admin', adminEmail, 'admin', contact);
  const technicians: [UserRow, UserRow] = [
    user(1, 'mike.torres', `mike.torres@${staffDomain}`, 'technician', { phone: '(503) 555-0143' }),
    user(2, 'jenna.park', `jenna.park@${staffDomain}`, 'technician', { phone: '(503) 555-0144' }),
  ];
  const advisor = user(3, 'dana.whitfield', `dana.whitfield@${staffDomain}`, 'service_advisor', {
    phone: '(503) 555-0145',
  });
  return { admin, technicians, advisor, all: [admin, ...technicians, advisor] };
}

/** About 30 customers (a few inactive, three new this month), each with one or two vehicles. */
export function buildCustomers(
  rng: DemoRandom,
  clock: DemoClock,
  staff: DemoStaff,
): { customers: CustomerRow[]; vehicles: DemoVehicle[] } {
  const customers: CustomerRow[] = [];
  const vehicles: DemoVehicle[] = [];
  const lastNames = rng.sample(LAST_NAMES, DEMO_CUSTOMER_COUNT);
  const currentYear = clock.now.getFullYear();
  for (let i = 0; i < DEMO_CUSTOMER_COUNT; i++) {
    const first = FIRST_NAMES[i] ?? 'Alex';
    const last = lastNames[i] ?? 'Smith';
    const place = rng.pick(PLACES);
    const newCustomer = i >= DEMO_CUSTOMER_COUNT - 3;
    const addedDaysAgo = newCustomer ? rng.int(3, 20) : rng.int(65, 720);
    const createdAt = clock.workTime(rng, addedDaysAgo);
    const updatedAt = clock.after(rng, createdAt, 0, rng.chance(0.4) ? 200_000 : 0);
    const hasAddress = rng.chance(0.88);
    const areaCode = place.state === 'WA' ? '360' : rng.pick(['503', '971']);
    const customer: CustomerRow = {
      id: newId(),
      name: `${first} ${last}`,
      email: `${first}.${last}${rng.chance(0.3) ? rng.int(1, 99) : ''}@${rng.pick(EMAIL_DOMAINS)}`.toLowerCase(),
      phone: `(${areaCode}) 555-01${String(i + 10).padStart(2, '0')}`,
      address: hasAddress
        ? `${rng.int(100, 9899)} ${rng.pick(STREETS)}, ${place.city}, ${place.state} ${place.zip}`
        : null,
      status: i % 7 === 3 ? 'inactive' : 'active',
      textConsentAt: null,
      textConsentSource: null,
      createdBy: rng.pick([staff.advisor.id, staff.advisor.id, staff.admin.id]),
      createdAt: iso(createdAt),
      updatedAt: iso(updatedAt),
    };
    customers.push(customer);

    const vehicleCount = rng.chance(0.35) ? 2 : 1;
    for (let v = 0; v < vehicleCount; v++) {
      const model = rng.pick(VEHICLE_MODELS);
      const year = rng.int(model.years[0], model.years[1]);
      const age = Math.max(currentYear - year, 1);
      const vehicleDaysAgo = v === 0 ? addedDaysAgo : Math.max(2, addedDaysAgo - rng.int(0, 60));
      // The first vehicle is added with the customer; a second one may come on a later visit.
      const vehicleCreated = v === 0 ? clock.after(rng, createdAt, 2, 15) : clock.workTime(rng, vehicleDaysAgo);
      vehicles.push({
        addedDaysAgo: vehicleDaysAgo,
        customerActive: customer.status === 'active',
        row: {
          id: newId(),
          customerId: customer.id,
          year,
          make: model.make,
          model: model.model,
          vin: rng.chance(0.9) ? makeVin(rng, model.wmi, year) : null,
          licensePlate: rng.chance(0.95) ? makePlate(rng, place.state) : null,
          mileage: age * rng.int(8_000, 14_000) + rng.int(0, 999),
          color: rng.pick(COLORS),
          createdBy: customer.createdBy,
          createdAt: iso(vehicleCreated),
          updatedAt: iso(vehicleCreated),
        },
      });
    }
  }
  return { customers, vehicles };
}

import {
  FILTER_CONDITIONS,
  FLUID_LEVELS,
  OIL_CONDITIONS,
  SUSPENSION_CONDITIONS,
  type InspectionStatus,
  type ServiceStatus,
} from '@shared/constants';
import { newId, newShareToken } from '@api/lib/tokens';
import type { InspectionNoteRow, InspectionRow, ServicePartRow, ServiceRow } from '@api/db/tables';
import { DIAGNOSTIC_CODES, INSPECTION_SUMMARIES, LEAKS, TECH_NOTES } from './catalog';
import { iso, type DemoClock } from './clock';
import type { DemoStaff, DemoVehicle } from './people';
import type { DemoRandom } from './random';
import { recommendServices } from './services';

export const DEMO_INSPECTION_COUNT = 54;
/** How many of the inspections were started today. */
export const DEMO_TODAY_COUNT = 5;

export interface DemoInspections {
  inspections: InspectionRow[];
  notes: InspectionNoteRow[];
  services: ServiceRow[];
  parts: ServicePartRow[];
  /** Local days before now that each inspection (by id) was made. */
  daysAgo: Map<string, number>;
}

/** Weighted pick: `[[value, weight], ...]`. */
function weighted<T>(rng: DemoRandom, options: [T, number][]): T {
  const total = options.reduce((sum, [, w]) => sum + w, 0);
  let roll = rng.next() * total;
  for (const [value, w] of options) {
    roll -= w;
    if (roll < 0) return value;
  }
  return options[options.length - 1]![0];
}

function statusFor(rng: DemoRandom, daysAgo: number, index: number): InspectionStatus {
  if (daysAgo === 0) return index % 2 === 0 ? 'in_progress' : 'completed';
  if (daysAgo <= 5)
    return weighted(rng, [
      ['in_progress', 1],
      ['completed', 3],
      ['approved', 3],
    ]);
  return weighted(rng, [
    ['completed', 3],
    ['approved', 5],
    ['declined', 2],
  ]);
}

/** Tenths of a millimetre around a base value, never below 1.0 mm. */
const around = (rng: DemoRandom, base: number, spread: number) => Math.max(10, base + rng.int(-spread, spread));

function measure(rng: DemoRandom, status: InspectionStatus) {
  const tread = rng.chance(0.18) ? rng.int(18, 32) : rng.int(40, 85);
  const front = rng.chance(0.2) ? rng.int(18, 29) : rng.int(40, 100);
  const rear = rng.chance(0.12) ? rng.int(20, 29) : rng.int(45, 105);
  // An inspection still in progress has not reached the rear wheels or the fluids yet.
  const partial = status === 'in_progress' && rng.chance(0.6);
  const maybe = <T>(value: T): T | null => (partial ? null : value);
  return {
    frontLeftTread: around(rng, tread, 4),
    frontRightTread: around(rng, tread, 4),
    rearLeftTread: maybe(around(rng, tread + 6, 4)),
    rearRightTread: maybe(around(rng, tread + 6, 4)),
    frontLeftBrake: around(rng, front, 3),
    frontRightBrake: around(rng, front, 3),
    rearLeftBrake: maybe(around(rng, rear, 3)),
    rearRightBrake: maybe(around(rng, rear, 3)),
    cabinFilterCondition: weighted(
      rng,
      FILTER_CONDITIONS.map((c, k) => [c, [5, 3, 2][k] ?? 1]),
    ),
    engineFilterCondition: weighted(
      rng,
      FILTER_CONDITIONS.map((c, k) => [c, [6, 3, 1][k] ?? 1]),
    ),
    oilCondition: maybe(
      weighted(
        rng,
        OIL_CONDITIONS.map((c, k) => [c, [5, 3, 2][k] ?? 1]),
      ),
    ),
    oilLevel: maybe(
      weighted(
        rng,
        FLUID_LEVELS.map((c, k) => [c, [7, 2, 1][k] ?? 1]),
      ),
    ),
    coolantLevel: maybe(
      weighted(
        rng,
        FLUID_LEVELS.map((c, k) => [c, [8, 2, 1][k] ?? 1]),
      ),
    ),
    suspensionCondition: maybe(
      weighted(
        rng,
        SUSPENSION_CONDITIONS.map((c, k) => [c, [10, 4, 2, 1][k] ?? 1]),
      ),
    ),
  };
}

function serviceStatus(rng: DemoRandom, inspection: InspectionStatus, customerActed: boolean): ServiceStatus {
  if (inspection === 'declined') return 'declined';
  if (inspection === 'approved')
    return weighted(rng, [
      ['approved', 3],
      ['declined', 1],
    ]);
  if (inspection === 'completed' && customerActed) {
    return weighted(rng, [
      ['approved', 2],
      ['declined', 1],
      ['recommended', 1],
    ]);
  }
  return 'recommended';
}

/** Inspections over the last 60 days (some today) with notes, services and parts. */
export function buildInspections(
  rng: DemoRandom,
  clock: DemoClock,
  staff: DemoStaff,
  vehicles: DemoVehicle[],
): DemoInspections {
  const out: DemoInspections = { inspections: [], notes: [], services: [], parts: [], daysAgo: new Map() };
  const candidates = vehicles.filter((v) => v.customerActive);
  for (let index = 0; index < DEMO_INSPECTION_COUNT; index++) {
    const vehicle = rng.pick(candidates);
    // Today's work, a busy last week, then the rest of the 60 days.
    const wantedDay = index < DEMO_TODAY_COUNT ? 0 : index < DEMO_TODAY_COUNT + 9 ? rng.int(1, 6) : rng.int(7, 59);
    const daysAgo = Math.min(wantedDay, vehicle.addedDaysAgo - 1);
    const status = statusFor(rng, daysAgo, index);
    const createdAt = clock.workTime(rng, daysAgo);
    const leaks = rng.chance(0.18) ? rng.sample(LEAKS, rng.chance(0.25) ? 2 : 1) : [];
    const checkEngineLight = rng.chance(0.15);
    const technician = rng.chance(0.1) ? staff.admin : rng.pick(staff.technicians);
    const row: InspectionRow = {
      id: newId(),
      customerId: vehicle.row.customerId,
      vehicleId: vehicle.row.id,
      technicianId: technician.id,
      shareToken: newShareToken(),
      shareTokenAt: null,
      status,
      ...measure(rng, status),
      leaks: JSON.stringify(leaks),
      checkEngineLight: checkEngineLight ? 1 : 0,
      diagnosticCodes: checkEngineLight ? rng.sample(DIAGNOSTIC_CODES, rng.int(1, 2)).join('\n') : null,
      notes: rng.chance(0.85) ? rng.pick(INSPECTION_SUMMARIES) : null,
      createdAt: iso(createdAt),
      updatedAt: iso(clock.after(rng, createdAt, 20, 240)),
    };
    out.inspections.push(row);
    out.daysAgo.set(row.id, daysAgo);

    for (const note of rng.sample(TECH_NOTES, rng.int(0, 2))) {
      out.notes.push({
        id: newId(),
        inspectionId: row.id,
        note,
        createdAt: iso(clock.after(rng, createdAt, 5, 90)),
      });
    }

    const customerActed = rng.chance(0.4);
    const drafts = recommendServices(rng, row);
    const statuses = drafts.map(() => serviceStatus(rng, status, customerActed));
    // An approved inspection has at least one approved service.
    if (status === 'approved' && !statuses.includes('approved')) statuses[0] = 'approved';
    for (const [position, draft] of drafts.entries()) {
      const serviceCreated = clock.after(rng, createdAt, 10, 60);
      const serviceStatusValue = statuses[position] ?? 'recommended';
      const service: ServiceRow = {
        id: newId(),
        inspectionId: row.id,
        description: draft.description,
        partsLink: null,
        // What the web form sends: the sum of the part costs.
        partsCostCents: draft.parts.reduce((sum, p) => sum + p.partCostCents, 0),
        laborCostCents: draft.laborCostCents,
        status: serviceStatusValue,
        position,
        approvedAmountCents: null,
        needsReapproval: 0,
        createdAt: iso(serviceCreated),
        updatedAt: iso(
          serviceStatusValue === 'recommended' ? serviceCreated : clock.after(rng, serviceCreated, 30, 1440),
        ),
      };
      out.services.push(service);
      for (const [partPosition, p] of draft.parts.entries()) {
        out.parts.push({
          id: newId(),
          serviceId: service.id,
          ...p,
          position: partPosition,
          createdAt: service.createdAt,
        });
      }
    }
  }
  return out;
}

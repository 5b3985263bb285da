import type { InspectionRow } from '@api/db/tables';
import type { DemoRandom } from './random';

export interface DemoPart {
  partName: string;
  partCostCents: number;
  partUrl: string | null;
}

export interface DemoServiceDraft {
  description: string;
  laborCostCents: number;
  parts: DemoPart[];
}

const part = (partName: string, partCostCents: number, withUrl = true): DemoPart => ({
  partName,
  partCostCents,
  partUrl: withUrl ? `https://parts.example.com/search?q=${encodeURIComponent(partName.toLowerCase())}` : null,
});

const service = (description: string, laborCostCents: number, parts: DemoPart[] = []): DemoServiceDraft => ({
  description,
  laborCostCents,
  parts,
});

const LEAK_REPAIRS: Record<string, DemoServiceDraft> = {
  Oil: service('Replace valve cover gasket (oil leak)', 22000, [part('Valve cover gasket set', 4599)]),
  Coolant: service('Replace water pump (coolant leak)', 38000, [
    part('Water pump with gasket', 8999),
    part('Coolant 50/50 premix (1 gal)', 1899, false),
  ]),
  'Transmission fluid': service('Reseal transmission pan', 15000, [
    part('Transmission pan gasket', 2499),
    part('Automatic transmission fluid (4 qt)', 4796),
  ]),
  'Power steering fluid': service('Replace power steering pressure hose', 16000, [
    part('Power steering pressure hose', 6899),
  ]),
  'Brake fluid': service('Replace leaking rear wheel cylinder and bleed brakes', 14000, [
    part('Rear wheel cylinder', 2399),
    part('DOT 4 brake fluid (32 oz)', 1599, false),
  ]),
};

const EXTRAS: DemoServiceDraft[] = [
  service('Tire rotation and balance', 4995),
  service('Replace wiper blades', 1000, [part('Wiper blade 26 in', 2199), part('Wiper blade 16 in', 1699)]),
  service('Replace battery', 2500, [part('Group 35 AGM battery', 21999)]),
  service('Four-wheel alignment', 12995),
];

const low = (tenths: number | null, limit: number) => tenths !== null && tenths < limit;

/** The work a technician would recommend for what the inspection found (at least one item). */
export function recommendServices(rng: DemoRandom, inspection: InspectionRow): DemoServiceDraft[] {
  const i = inspection;
  const out: DemoServiceDraft[] = [];
  const treads = [i.frontLeftTread, i.frontRightTread, i.rearLeftTread, i.rearRightTread];
  if (treads.some((t) => low(t, 35))) {
    out.push(
      service('Replace tires (set of 4) with mount and balance', 8000, [
        part('All-season tire 225/65R17 (x4)', 63596),
        part('TPMS service kit (x4)', 1996, false),
      ]),
    );
  }
  if (low(i.frontLeftBrake, 30) || low(i.frontRightBrake, 30)) {
    out.push(
      service('Front brake pads and rotors', 18000, [
        part('Ceramic brake pad set (front)', 6499),
        part('Brake rotor, front (pair)', 11998),
      ]),
    );
  }
  if (low(i.rearLeftBrake, 30) || low(i.rearRightBrake, 30)) {
    out.push(service('Rear brake pads', 12000, [part('Ceramic brake pad set (rear)', 5499)]));
  }
  if (i.oilCondition === 'dirty' || i.oilLevel === 'low' || i.oilLevel === 'very_low') {
    out.push(
      service('Oil and filter change (full synthetic)', 3500, [
        part('Full synthetic 0W-20 motor oil (5 qt)', 3299),
        part('Oil filter', 899),
      ]),
    );
  }
  if (i.cabinFilterCondition === 'poor') {
    out.push(service('Replace cabin air filter', 1500, [part('Cabin air filter', 2199)]));
  }
  if (i.engineFilterCondition === 'poor' || i.engineFilterCondition === 'fair') {
    out.push(service('Replace engine air filter', 1000, [part('Engine air filter', 1899)]));
  }
  if (i.coolantLevel === 'low' || i.coolantLevel === 'very_low') {
    out.push(service('Coolant flush and refill', 9000, [part('Coolant 50/50 premix (2 gal)', 3598)]));
  }
  if (i.suspensionCondition === 'needs_attention' || i.suspensionCondition === 'immediate_repair') {
    out.push(service('Replace front struts (pair) and align', 36000, [part('Front strut assembly (x2)', 38998)]));
  } else if (i.suspensionCondition === 'minor_wear') {
    out.push(service('Four-wheel alignment', 12995));
  }
  for (const leak of JSON.parse(i.leaks) as string[]) {
    const repair = LEAK_REPAIRS[leak];
    if (repair) out.push(repair);
  }
  if (i.checkEngineLight) out.push(service('Diagnose check engine light', 14500));
  if (out.length === 0 || rng.chance(0.25)) {
    const extra = rng.pick(EXTRAS);
    if (!out.some((s) => s.description === extra.description)) out.push(extra);
  }
  return out;
}

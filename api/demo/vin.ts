import type { DemoRandom } from './random';

// VIN characters never include I, O or Q.
const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const VALUES: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
// Model-year codes from 2010 on.
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY';

function valueOf(char: string): number {
  return /\d/.test(char) ? Number(char) : (VALUES[char] ?? 0);
}

/** The North American check digit (position 9). */
export function vinCheckDigit(vin: string): string {
  const sum = [...vin].reduce((total, char, i) => total + valueOf(char) * (WEIGHTS[i] ?? 0), 0);
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/** A well-formed 17-character VIN for the maker and model year, with a valid check digit. */
export function makeVin(rng: DemoRandom, wmi: string, year: number): string {
  let descriptor = '';
  for (let i = 0; i < 5; i++) descriptor += rng.pick([...VIN_CHARS]);
  const yearCode = YEAR_CODES[year - 2010] ?? String((year - 2000) % 10);
  const plant = rng.pick([...'ABCDEFGHJKLMNPRSTUVWXYZ']);
  const serial = String(rng.int(100000, 999999));
  const draft = `${wmi}${descriptor}0${yearCode}${plant}${serial}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
}

/** A licence plate in the state's usual format. */
export function makePlate(rng: DemoRandom, state: string): string {
  const letters = () => [0, 1, 2].map(() => rng.pick([...'ABCDEFGHJKLMNPRSTUVWXYZ'])).join('');
  const digits = (n: number) => String(rng.int(10 ** (n - 1), 10 ** n - 1));
  return state === 'WA' ? `${letters()}${digits(4)}` : `${digits(3)} ${letters()}`;
}

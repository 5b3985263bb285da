/**
 * Ids for new rows, made where the row is made (the web app's client ids, its outbox entries, which
 * are also their writes' idempotency keys, and the API's own rows): UUIDs whose first 32 bits count
 * up with time, and whose other 90 bits are random (a version 8 UUID of RFC 9562, its own layout).
 *
 * Ids made one after another sort one after another, so a new row's entry in every index keyed by
 * its id (its table's key, its services' and parts' links to it, the change feed) lands on the same
 * pages as the rows made just before it, instead of on a random page of a large index each. A
 * commit writes every page it changed, so writes that commit together share more of their pages
 * (docs/performance.md, "Writes").
 *
 * The first 8 characters are what the screens show of an id, so they must tell rows apart: they are
 * the low 32 bits of a tick (sixteen per millisecond, never the same twice in one maker until the
 * field comes round), not the high bits of a time, which rows made within a minute would share. Two
 * makers (two tablets, two server processes) share a tick only when they make ids in the same
 * sixteenth of a millisecond. The tick's 32 bits come round every 3.1 days, and the ids made after
 * that sort from the start again, still next to each other; over a shop's years a first 8
 * characters comes back about as often as random ones did. Ids made together look alike (they differ in their last characters), and a
 * search by two or three first characters finds the rows of an hour or a minute.
 * The 90 random bits keep ids unique across tablets and processes, and ids are no secret: nothing
 * is reached by an id alone, only with a session or by a share link's own random token.
 */

/**
 * Ticks per millisecond: room for the dozen ids a save makes at once (an inspection, its services
 * and parts) and for a busy server, so a maker's tick stays with the clock rather than running ahead.
 */
const TICKS_PER_MS = 16;
const TICKS_IN_FIELD = 2 ** 32;

const hex = (bytes: Uint8Array, from: number, to: number): string => {
  let out = '';
  for (let i = from; i < to; i++) out += bytes[i]!.toString(16).padStart(2, '0');
  return out;
};

/**
 * A maker of ids. Its tick is the time's (sixteen per millisecond), or one more than its last when
 * that is later (ids made faster than that, or a clock set back), so each id it makes
 * starts with a different tick that sorts after the one before until the field comes round.
 */
export function rowIdMaker(): (now?: number) => string {
  let lastTick = -1;
  return (now = Date.now()) => {
    lastTick = Math.max(lastTick + 1, Math.floor(now) * TICKS_PER_MS);
    const tick = lastTick % TICKS_IN_FIELD;
    const bytes = new Uint8Array(16);
    globalThis.crypto.getRandomValues(bytes);
    bytes[0] = (tick >>> 24) & 0xff;
    bytes[1] = (tick >>> 16) & 0xff;
    bytes[2] = (tick >>> 8) & 0xff;
    bytes[3] = tick & 0xff;
    // Version 8 (a layout of its own), and the variant (10); the rest stays random.
    bytes[6] = 0x80 | (bytes[6]! & 0x0f);
    bytes[8] = 0x80 | (bytes[8]! & 0x3f);
    return `${hex(bytes, 0, 4)}-${hex(bytes, 4, 6)}-${hex(bytes, 6, 8)}-${hex(bytes, 8, 10)}-${hex(bytes, 10, 16)}`;
  };
}

const makeId = rowIdMaker();

/** A new id (one maker per process or page, so the ids made there sort in the order they were made). */
export function newRowId(): string {
  return makeId();
}

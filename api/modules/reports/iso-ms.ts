// A top-level function: a closure made per call would cost an allocation (and a name) per call.
function digit(text: string, at: number): number {
  return text.charCodeAt(at) - 48;
}

/**
 * Milliseconds since 1970 of an ISO instant as `toISOString` writes it (YYYY-MM-DDTHH:MM:SS.sssZ),
 * by arithmetic on its characters: several times cheaper than Date.parse for the 100,000 of a
 * year's report. Any other shape goes to Date.parse.
 */
export function isoMs(text: string): number {
  if (text.length !== 24 || text.charCodeAt(23) !== 90 || text.charCodeAt(10) !== 84 || text.charCodeAt(19) !== 46) {
    return Date.parse(text);
  }
  const year = digit(text, 0) * 1000 + digit(text, 1) * 100 + digit(text, 2) * 10 + digit(text, 3);
  const month = digit(text, 5) * 10 + digit(text, 6);
  const day = digit(text, 8) * 10 + digit(text, 9);
  // Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil).
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  const days = era * 146097 + dayOfEra - 719468;
  const seconds =
    (digit(text, 11) * 10 + digit(text, 12)) * 3600 +
    (digit(text, 14) * 10 + digit(text, 15)) * 60 +
    digit(text, 17) * 10 +
    digit(text, 18);
  return days * 86_400_000 + seconds * 1000 + digit(text, 20) * 100 + digit(text, 21) * 10 + digit(text, 22);
}

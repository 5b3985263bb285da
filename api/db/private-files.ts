import { chmodSync, closeSync, lstatSync, mkdirSync, openSync, readdirSync, type Stats } from 'node:fs';
import path from 'node:path';

// DATA_DIR holds every customer, the password hashes, the session secret and the share tokens, so
// nothing in it is for other local users: files 0600, folders 0700. The server sets its umask at
// start (which also covers what libraries create: SQLite's WAL and SHM, tus's staged uploads), and
// the code that creates files gives their mode too, so library use and tests are covered as well.

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;
/** Group and others get nothing. */
export const PRIVATE_UMASK = 0o077;

const OPEN_BITS = 0o077;

/** Every file and folder this process creates from now on is its owner's only (child processes inherit it). */
export function usePrivateUmask(): void {
  process.umask(PRIVATE_UMASK);
}

/** A folder (and any missing parent) created 0700. */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/**
 * Creates an empty file 0600 when it is missing. SQLite gives a database's WAL, SHM and journal the
 * mode of the database file, so creating the database this way keeps them private too.
 */
export function ensurePrivateFile(file: string): void {
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
}

const modeOf = (stats: Stats) => stats.mode & 0o7777;

export interface TightenReport {
  /** DATA_DIR's own mode before, when it let group or others in. */
  openBefore: number | null;
  /** Entries whose group and other permissions were taken away. */
  tightened: number;
  /** Entries that could not be changed (another user's), with why. */
  failed: string[];
}

/**
 * Takes group and other permissions from DATA_DIR and everything under it (a folder made by an
 * older version, or copied in by hand). Symbolic links are not followed.
 */
export function tightenDataDir(dataDir: string): TightenReport {
  makePrivateDir(dataDir);
  const report: TightenReport = { openBefore: null, tightened: 0, failed: [] };
  const rootMode = modeOf(lstatSync(dataDir));
  if (rootMode & OPEN_BITS) report.openBefore = rootMode;
  const stack = [dataDir];
  for (let at = stack.pop(); at !== undefined; at = stack.pop()) {
    let stats: Stats;
    try {
      stats = lstatSync(at);
    } catch {
      continue; // Removed meanwhile.
    }
    if (stats.isSymbolicLink()) continue;
    const mode = modeOf(stats);
    if (mode & OPEN_BITS) {
      try {
        chmodSync(at, mode & ~OPEN_BITS);
        report.tightened++;
      } catch (err) {
        report.failed.push(`${at}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
      }
    }
    if (stats.isDirectory()) {
      try {
        for (const name of readdirSync(at)) stack.push(path.join(at, name));
      } catch (err) {
        report.failed.push(`${at}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
      }
    }
  }
  return report;
}

const octal = (mode: number) => `0${mode.toString(8).padStart(3, '0')}`;

/** What `npm start` prints about DATA_DIR's permissions; null when there is nothing to say. */
export function dataDirWarning(dataDir: string, report: TightenReport): string | null {
  const lines: string[] = [];
  if (report.openBefore !== null) {
    lines.push(
      report.failed.some((f) => f.startsWith(`${dataDir}:`))
        ? `Warning: DATA_DIR ${dataDir} is open to other users (${octal(report.openBefore)}) and could not be closed; run: chmod 700 ${dataDir}`
        : `Warning: DATA_DIR ${dataDir} was open to other users (${octal(report.openBefore)}); it is now 0700. It holds every customer, the password hashes and the share tokens.`,
    );
  }
  if (report.tightened > 0 && report.openBefore === null) {
    lines.push(
      `Warning: ${report.tightened} entries in DATA_DIR ${dataDir} were open to other users; they are now owner-only.`,
    );
  }
  if (report.failed.length > 0) {
    lines.push(
      `Warning: ${report.failed.length} entries in DATA_DIR could not be made owner-only: ${report.failed.slice(0, 3).join(', ')}`,
    );
  }
  return lines.length ? lines.join('\n') : null;
}

import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { PASSWORD_HASH_PARAMS, type HashParams } from './lib/password';
import type { S3Settings } from './modules/media/media-store';
import { makePrivateDir } from './db/private-files';

export const DEFAULT_ADMIN_EMAIL = 'admin@baywise.local';
/** Backups `npm run backup` and the schedule keep; older ones are removed. */
export const DEFAULT_BACKUP_KEEP = 14;
/** More server processes than this only add memory on any machine Baywise runs on. */
export const MAX_WORKERS = 64;
/** Sends of share links one user may make in an hour, and the whole shop in a day. */
export const DEFAULT_SEND_LIMIT_PER_USER_HOUR = 20;
export const DEFAULT_SEND_LIMIT_PER_SHOP_DAY = 200;
// Digits only: Number() would read 0x10 or 1e3 as a limit nobody meant.
const sendLimit = (name: string, fallback: number) =>
  z
    .string()
    .trim()
    .default(String(fallback))
    .transform((value, ctx) => {
      const n = /^\d{1,6}$/.test(value) ? Number(value) : NaN;
      if (n >= 1 && n <= 100_000) return n;
      ctx.addIssue({ code: 'custom', message: `${name} must be a whole number from 1 to 100000` });
      return z.NEVER;
    });
/** Requests slower than this (ms) are logged even with per-request lines off. */
export const DEFAULT_LOG_SLOW_MS = 1000;
export const WORKERS_MESSAGE = `WORKERS must be a whole number from 1 to ${MAX_WORKERS}, or auto (one per CPU)`;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  WEB_DIR: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ADMIN_EMAIL: z.email().default(DEFAULT_ADMIN_EMAIL),
  SUPPORT_EMAIL: z
    .email()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Empty is unset: the level decides.
  LOG_REQUESTS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['true', 'false', '1', '0'], 'LOG_REQUESTS must be true or false').optional(),
  ),
  LOG_SLOW_MS: z.coerce
    .number('LOG_SLOW_MS must be a number')
    .int('LOG_SLOW_MS must be a whole number of milliseconds')
    .min(1, 'LOG_SLOW_MS must be at least 1')
    .max(3_600_000, 'LOG_SLOW_MS must be at most 3600000 (an hour)')
    .default(DEFAULT_LOG_SLOW_MS),
  BACKUP_KEEP: z.coerce
    .number('BACKUP_KEEP must be a number')
    .int('BACKUP_KEEP must be a whole number')
    .min(1, 'BACKUP_KEEP must be at least 1')
    .max(10_000, 'BACKUP_KEEP must be at most 10000')
    .default(DEFAULT_BACKUP_KEEP),
  BACKUP_INTERVAL_HOURS: z.coerce
    .number('BACKUP_INTERVAL_HOURS must be a number')
    .min(0, 'BACKUP_INTERVAL_HOURS must be 0 (off) or more')
    // Node's timers take at most 2^31 - 1 ms (24.8 days).
    .max(24 * 24, 'BACKUP_INTERVAL_HOURS must be at most 576 (24 days)')
    .default(0),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'SMTP_URL must look like smtp://user:password@host:587 (or smtps://)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMTP_FROM: z
    .string()
    .trim()
    .min(3)
    .max(320)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SEND_LIMIT_PER_USER_HOUR: sendLimit('SEND_LIMIT_PER_USER_HOUR', DEFAULT_SEND_LIMIT_PER_USER_HOUR),
  SEND_LIMIT_PER_SHOP_DAY: sendLimit('SEND_LIMIT_PER_SHOP_DAY', DEFAULT_SEND_LIMIT_PER_SHOP_DAY),
  MEDIA_S3_BUCKET: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'MEDIA_S3_BUCKET must be a bucket name (3 to 63 lower-case letters, digits, dots and dashes)',
    )
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MEDIA_S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'MEDIA_S3_ENDPOINT must be an http:// or https:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MEDIA_S3_REGION: z.string().trim().min(1).default('us-east-1'),
  MEDIA_S3_ACCESS_KEY_ID: z
    .string()
    .trim()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MEDIA_S3_SECRET_ACCESS_KEY: z
    .string()
    .trim()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MEDIA_S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'], 'MEDIA_S3_FORCE_PATH_STYLE must be true or false')
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  MEDIA_S3_PREFIX: z
    .string()
    .regex(/^(?:[A-Za-z0-9._-]+\/)*$/, 'MEDIA_S3_PREFIX must be empty or folder names each ending in /, like media/')
    .default(''),
  WORKERS: z
    .string()
    .trim()
    .default('1')
    .transform((value, ctx) => {
      if (value === 'auto') return Math.min(availableParallelism(), MAX_WORKERS);
      const n = /^\d+$/.test(value) ? Number(value) : NaN;
      if (n >= 1 && n <= MAX_WORKERS) return n;
      ctx.addIssue({ code: 'custom', message: WORKERS_MESSAGE });
      return z.NEVER;
    }),
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** The built web app to serve; `dist/web` when not set. */
  webDir: string | undefined;
  databaseUrl: string | undefined;
  adminEmail: string;
  supportEmail: string;
  sessionSecret: string;
  trustProxy: boolean;
  logLevel: string;
  /** A line for every request; else only for 5xx answers and slow requests (LOG_REQUESTS, on at debug). */
  logRequests: boolean;
  /** Requests slower than this many ms are logged whatever `logRequests` says. */
  logSlowMs: number;
  /** How many backups to keep in DATA_DIR/backups. */
  backupKeep: number;
  /** Hours between scheduled backups; 0 is off. */
  backupIntervalHours: number;
  /** Server processes sharing the port (1: no cluster). */
  workers: number;
  /** Where share links are emailed through (`smtp://user:pass@host:587`); unset: the device's mail app. */
  smtpUrl?: string | undefined;
  /** The sender of those emails; SUPPORT_EMAIL when not set. */
  smtpFrom?: string | undefined;
  /** Sends of share links (every channel) one user may make in an hour and the shop in a day. */
  sendLimits: { perUserHour: number; perShopDay: number };
  /** scrypt parameters for new hashes; older hashes are made again at the next sign-in. */
  passwordHashParams: HashParams;
  /** The bucket media files go to; unset: DATA_DIR/media. */
  mediaS3?: S3Settings | undefined;
}

/** Reads and validates the environment once at start; fails with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid settings:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  const mediaProblems = mediaS3Problems(e);
  if (mediaProblems.length > 0) throw new Error(`Invalid settings:\n${mediaProblems.join('\n')}`);
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    webDir: e.WEB_DIR ? path.resolve(e.WEB_DIR) : undefined,
    databaseUrl: e.DATABASE_URL,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    supportEmail: (e.SUPPORT_EMAIL ?? e.ADMIN_EMAIL).toLowerCase(),
    sessionSecret: e.SESSION_SECRET ?? persistentSecret(dataDir),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    logRequests:
      e.LOG_REQUESTS === undefined ? ['debug', 'trace'].includes(e.LOG_LEVEL) : ['true', '1'].includes(e.LOG_REQUESTS),
    logSlowMs: e.LOG_SLOW_MS,
    backupKeep: e.BACKUP_KEEP,
    backupIntervalHours: e.BACKUP_INTERVAL_HOURS,
    workers: e.WORKERS,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_URL ? (e.SMTP_FROM ?? (e.SUPPORT_EMAIL ?? e.ADMIN_EMAIL).toLowerCase()) : undefined,
    sendLimits: { perUserHour: e.SEND_LIMIT_PER_USER_HOUR, perShopDay: e.SEND_LIMIT_PER_SHOP_DAY },
    passwordHashParams: PASSWORD_HASH_PARAMS,
    mediaS3: e.MEDIA_S3_BUCKET
      ? {
          bucket: e.MEDIA_S3_BUCKET,
          endpoint: e.MEDIA_S3_ENDPOINT,
          region: e.MEDIA_S3_REGION,
          accessKeyId: e.MEDIA_S3_ACCESS_KEY_ID,
          secretAccessKey: e.MEDIA_S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.MEDIA_S3_FORCE_PATH_STYLE,
          prefix: e.MEDIA_S3_PREFIX,
        }
      : undefined,
  };
}

/** The bucket settings go together: a key without its secret, or an endpoint without a bucket, is a mistake. */
function mediaS3Problems(e: z.output<typeof envSchema>): string[] {
  const problems: string[] = [];
  if (Boolean(e.MEDIA_S3_ACCESS_KEY_ID) !== Boolean(e.MEDIA_S3_SECRET_ACCESS_KEY)) {
    problems.push('MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY go together: set both or neither');
  }
  if (!e.MEDIA_S3_BUCKET && (e.MEDIA_S3_ENDPOINT || e.MEDIA_S3_ACCESS_KEY_ID || e.MEDIA_S3_PREFIX)) {
    problems.push('MEDIA_S3_BUCKET: set it to store media in a bucket (the other MEDIA_S3_ settings need it)');
  }
  return problems;
}

/** A command's settings, or undefined after printing why they are invalid (the command exits 1). */
export function loadCommandConfig(env: NodeJS.ProcessEnv = process.env): AppConfig | undefined {
  try {
    return loadConfig(env);
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    return undefined;
  }
}

/** A cookie secret generated on first start and kept in DATA_DIR, so sessions survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  makePrivateDir(dataDir);
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_ADMIN_EMAIL, loadConfig, MAX_WORKERS } from './config';

const made: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'baywise-config-'));
  made.push(dir);
  return dir;
};
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('loadConfig', () => {
  it('has the documented defaults and keeps a generated session secret in DATA_DIR', () => {
    const dataDir = freshDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir,
      databaseUrl: undefined,
      adminEmail: DEFAULT_ADMIN_EMAIL,
      supportEmail: DEFAULT_ADMIN_EMAIL,
      trustProxy: false,
    });
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, 'session-secret'), 'utf8').trim()).toBe(config.sessionSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(config.sessionSecret);
  });

  it('takes the settings of the README Settings table', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: freshDir(),
      DATABASE_URL: 'postgres://u:p@db/baywise',
      ADMIN_EMAIL: 'Owner@Shop.example',
      SESSION_SECRET: 's'.repeat(40),
      TRUST_PROXY: 'true',
      WEB_DIR: '/srv/baywise-web',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u:p@db/baywise',
      adminEmail: 'owner@shop.example',
      supportEmail: 'owner@shop.example',
      sessionSecret: 's'.repeat(40),
      trustProxy: true,
      webDir: '/srv/baywise-web',
    });
    expect(loadConfig({ DATA_DIR: freshDir(), SUPPORT_EMAIL: 'help@shop.example' }).supportEmail).toBe(
      'help@shop.example',
    );
  });

  it('refuses bad settings with every problem named', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', ADMIN_EMAIL: 'nope', SESSION_SECRET: 'short', DATABASE_URL: 'mysql://x' }),
    ).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*ADMIN_EMAIL[\s\S]*SESSION_SECRET/);
  });

  it('keeps 14 backups and schedules none unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: freshDir() })).toMatchObject({ backupKeep: 14, backupIntervalHours: 0 });
    expect(loadConfig({ DATA_DIR: freshDir(), BACKUP_KEEP: '3', BACKUP_INTERVAL_HOURS: '6' })).toMatchObject({
      backupKeep: 3,
      backupIntervalHours: 6,
    });
    expect(loadConfig({ DATA_DIR: freshDir(), BACKUP_INTERVAL_HOURS: '0.5' }).backupIntervalHours).toBe(0.5);
    const cases: [Record<string, string>, string][] = [
      [{ BACKUP_KEEP: '0' }, 'BACKUP_KEEP: BACKUP_KEEP must be at least 1'],
      [{ BACKUP_KEEP: '2.5' }, 'BACKUP_KEEP: BACKUP_KEEP must be a whole number'],
      [{ BACKUP_KEEP: 'all' }, 'BACKUP_KEEP: BACKUP_KEEP must be a number'],
      [{ BACKUP_INTERVAL_HOURS: '-1' }, 'BACKUP_INTERVAL_HOURS: BACKUP_INTERVAL_HOURS must be 0 (off) or more'],
      [{ BACKUP_INTERVAL_HOURS: '600' }, 'BACKUP_INTERVAL_HOURS: BACKUP_INTERVAL_HOURS must be at most 576 (24 days)'],
    ];
    for (const [env, message] of cases) {
      expect(() => loadConfig({ DATA_DIR: freshDir(), ...env })).toThrow(`Invalid settings:\n${message}`);
    }
  });

  it('limits sends to 20 an hour per user and 200 a day per shop unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: freshDir() }).sendLimits).toEqual({ perUserHour: 20, perShopDay: 200 });
    expect(
      loadConfig({ DATA_DIR: freshDir(), SEND_LIMIT_PER_USER_HOUR: '5', SEND_LIMIT_PER_SHOP_DAY: '1000' }).sendLimits,
    ).toEqual({ perUserHour: 5, perShopDay: 1000 });
    for (const bad of ['0', '-1', '2.5', 'many', '', '0x10', '1e3', '100001']) {
      expect(() => loadConfig({ DATA_DIR: freshDir(), SEND_LIMIT_PER_USER_HOUR: bad })).toThrow(
        'Invalid settings:\nSEND_LIMIT_PER_USER_HOUR: SEND_LIMIT_PER_USER_HOUR must be a whole number from 1 to 100000',
      );
      expect(() => loadConfig({ DATA_DIR: freshDir(), SEND_LIMIT_PER_SHOP_DAY: bad })).toThrow(
        'Invalid settings:\nSEND_LIMIT_PER_SHOP_DAY: SEND_LIMIT_PER_SHOP_DAY must be a whole number from 1 to 100000',
      );
    }
  });

  it('logs a line per request only when asked (LOG_REQUESTS, or LOG_LEVEL debug), and slow ones past LOG_SLOW_MS', () => {
    expect(loadConfig({ DATA_DIR: freshDir() })).toMatchObject({
      logLevel: 'info',
      logRequests: false,
      logSlowMs: 1000,
    });
    expect(loadConfig({ DATA_DIR: freshDir(), LOG_LEVEL: 'debug' }).logRequests).toBe(true);
    expect(loadConfig({ DATA_DIR: freshDir(), LOG_LEVEL: 'trace' }).logRequests).toBe(true);
    expect(loadConfig({ DATA_DIR: freshDir(), LOG_REQUESTS: 'true' }).logRequests).toBe(true);
    expect(loadConfig({ DATA_DIR: freshDir(), LOG_REQUESTS: '1', LOG_LEVEL: 'warn' }).logRequests).toBe(true);
    expect(loadConfig({ DATA_DIR: freshDir(), LOG_REQUESTS: 'false', LOG_LEVEL: 'debug' }).logRequests).toBe(false);
    expect(loadConfig({ DATA_DIR: freshDir(), LOG_REQUESTS: '', LOG_LEVEL: 'debug' }).logRequests).toBe(true);
    expect(loadConfig({ DATA_DIR: freshDir(), LOG_SLOW_MS: '250' }).logSlowMs).toBe(250);
    const cases: [Record<string, string>, string][] = [
      [{ LOG_REQUESTS: 'yes' }, 'LOG_REQUESTS: LOG_REQUESTS must be true or false'],
      [{ LOG_SLOW_MS: 'slow' }, 'LOG_SLOW_MS: LOG_SLOW_MS must be a number'],
      [{ LOG_SLOW_MS: '0' }, 'LOG_SLOW_MS: LOG_SLOW_MS must be at least 1'],
      [{ LOG_SLOW_MS: '1.5' }, 'LOG_SLOW_MS: LOG_SLOW_MS must be a whole number of milliseconds'],
      [{ LOG_SLOW_MS: '3600001' }, 'LOG_SLOW_MS: LOG_SLOW_MS must be at most 3600000 (an hour)'],
    ];
    for (const [env, message] of cases) {
      expect(() => loadConfig({ DATA_DIR: freshDir(), ...env })).toThrow(`Invalid settings:\n${message}`);
    }
  });

  it('runs one server process unless WORKERS asks for more', () => {
    expect(loadConfig({ DATA_DIR: freshDir() }).workers).toBe(1);
    expect(loadConfig({ DATA_DIR: freshDir(), WORKERS: '4' }).workers).toBe(4);
    expect(loadConfig({ DATA_DIR: freshDir(), WORKERS: 'auto' }).workers).toBe(
      Math.min(availableParallelism(), MAX_WORKERS),
    );
    for (const bad of ['0', '-2', '1.5', 'two', '', '65', '0x2']) {
      expect(() => loadConfig({ DATA_DIR: freshDir(), WORKERS: bad })).toThrow(
        'Invalid settings:\nWORKERS: WORKERS must be a whole number from 1 to 64, or auto (one per CPU)',
      );
    }
  });

  it('emails share links through SMTP_URL from SMTP_FROM (else the support address), and says what a bad URL looks like', () => {
    expect(loadConfig({ DATA_DIR: freshDir() })).toMatchObject({ smtpUrl: undefined, smtpFrom: undefined });
    expect(
      loadConfig({ DATA_DIR: freshDir(), SMTP_URL: 'smtp://u:p@mail.test:587', SUPPORT_EMAIL: 'Help@Shop.test' }),
    ).toMatchObject({
      smtpUrl: 'smtp://u:p@mail.test:587',
      smtpFrom: 'help@shop.test',
    });
    expect(
      loadConfig({ DATA_DIR: freshDir(), SMTP_URL: 'smtps://mail.test', SMTP_FROM: 'Bay <bay@shop.test>' }).smtpFrom,
    ).toBe('Bay <bay@shop.test>');
    expect(() => loadConfig({ DATA_DIR: freshDir(), SMTP_URL: 'mail.test:587' })).toThrow(
      'Invalid settings:\nSMTP_URL: SMTP_URL must look like smtp://user:password@host:587 (or smtps://)',
    );
  });

  it('keeps media in DATA_DIR/media unless MEDIA_S3_BUCKET names a bucket, and refuses half-given bucket settings', () => {
    expect(loadConfig({ DATA_DIR: freshDir() }).mediaS3).toBeUndefined();
    expect(
      loadConfig({
        DATA_DIR: freshDir(),
        MEDIA_S3_BUCKET: 'shop-media',
        MEDIA_S3_ENDPOINT: 'http://minio.local:9000',
        MEDIA_S3_ACCESS_KEY_ID: 'key',
        MEDIA_S3_SECRET_ACCESS_KEY: 'secret',
        MEDIA_S3_FORCE_PATH_STYLE: 'true',
        MEDIA_S3_PREFIX: 'baywise/',
      }).mediaS3,
    ).toEqual({
      bucket: 'shop-media',
      endpoint: 'http://minio.local:9000',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      prefix: 'baywise/',
    });
    expect(() =>
      loadConfig({ DATA_DIR: freshDir(), MEDIA_S3_BUCKET: 'shop-media', MEDIA_S3_ACCESS_KEY_ID: 'key' }),
    ).toThrow(
      'Invalid settings:\nMEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY go together: set both or neither',
    );
    expect(() => loadConfig({ DATA_DIR: freshDir(), MEDIA_S3_ENDPOINT: 'http://minio.local:9000' })).toThrow(
      'Invalid settings:\nMEDIA_S3_BUCKET: set it to store media in a bucket (the other MEDIA_S3_ settings need it)',
    );
    expect(() => loadConfig({ DATA_DIR: freshDir(), MEDIA_S3_BUCKET: 'Shop Media' })).toThrow(
      'MEDIA_S3_BUCKET: MEDIA_S3_BUCKET must be a bucket name (3 to 63 lower-case letters, digits, dots and dashes)',
    );
    expect(() =>
      loadConfig({ DATA_DIR: freshDir(), MEDIA_S3_BUCKET: 'shop-media', MEDIA_S3_ENDPOINT: 'ftp://x' }),
    ).toThrow('MEDIA_S3_ENDPOINT: MEDIA_S3_ENDPOINT must be an http:// or https:// URL');
  });
});

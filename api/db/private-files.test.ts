import { randomUUID } from 'node:crypto';
import { chmodSync, lstatSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_UPLOAD_PATH } from '@shared/constants';
import { SAMPLE_VEHICLE } from '@test/sample-vehicle';
import { setupCodeIn } from '@test/setup-code';
import { spawnServer, type SpawnedServer } from '@test/spawned-server';
import { tusMetadata, tusUpload, sha256Hex } from '@test/tus-upload';
import { makeJpeg, makeVideo } from '@api/modules/media/media-test-kit';
import { directoryStore } from '@api/modules/media/media-store';
import { createCommandDatabase, testDatabaseKind } from '@api/test/database';
import { useTempDir } from '@api/test/temp-dir';
import { backupDatabase } from './backup';
import { createDatabase } from './database';
import { migrateToLatest } from './migrate';
import { sqliteFileIn } from './open';
import { dataDirWarning, tightenDataDir } from './private-files';

// Everything under DATA_DIR (and the server's temp folder) is its owner's only: files 0600,
// folders 0700, whether the server, a command or a library call wrote it.

const modeOf = (file: string) => lstatSync(file).mode & 0o777;

/** Every entry under `root` (root included) whose mode is not owner-only, as `path mode`. */
function openEntries(root: string): string[] {
  const open: string[] = [];
  const walk = (at: string) => {
    const stats = lstatSync(at);
    if (stats.isSymbolicLink()) return;
    const want = stats.isDirectory() ? 0o700 : 0o600;
    if ((stats.mode & 0o777) !== want)
      open.push(`${path.relative(root, at) || '.'} ${(stats.mode & 0o777).toString(8)}`);
    if (stats.isDirectory()) for (const name of readdirSync(at)) walk(path.join(at, name));
  };
  walk(root);
  return open;
}

/** Resolves once `check()` holds (another process does the work); fails naming `what` after `timeoutMs`. */
async function eventually(check: () => Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every file under `root`, relative to it. */
function filesUnder(root: string): string[] {
  const out: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else out.push(path.relative(root, full));
    }
  };
  walk(root);
  return out;
}

describe('tightening a data folder made by an older version', () => {
  const root = useTempDir('baywise-private-');

  it('takes group and other permissions from every entry, and says DATA_DIR was open', () => {
    const dataDir = path.join(root, 'old');
    mkdirSync(path.join(dataDir, 'media', 'ab'), { recursive: true });
    writeFileSync(path.join(dataDir, 'baywise.sqlite'), 'x');
    writeFileSync(path.join(dataDir, 'media', 'ab', 'original'), 'x');
    writeFileSync(path.join(root, 'outside'), 'x');
    chmodSync(path.join(root, 'outside'), 0o644);
    symlinkSync(path.join(root, 'outside'), path.join(dataDir, 'link'));
    for (const dir of [dataDir, path.join(dataDir, 'media'), path.join(dataDir, 'media', 'ab')]) chmodSync(dir, 0o755);
    chmodSync(path.join(dataDir, 'baywise.sqlite'), 0o644);
    chmodSync(path.join(dataDir, 'media', 'ab', 'original'), 0o664);

    const report = tightenDataDir(dataDir);

    expect(report).toEqual({ openBefore: 0o755, tightened: 5, failed: [] });
    expect(openEntries(dataDir)).toEqual([]);
    // A link is not followed: what it points at outside DATA_DIR keeps its mode.
    expect(modeOf(path.join(root, 'outside'))).toBe(0o644);
    expect(dataDirWarning(dataDir, report)).toBe(
      `Warning: DATA_DIR ${dataDir} was open to other users (0755); it is now 0700. It holds every customer, the password hashes and the share tokens.`,
    );
    // The second start finds nothing to say.
    expect(tightenDataDir(dataDir)).toEqual({ openBefore: null, tightened: 0, failed: [] });
    expect(dataDirWarning(dataDir, tightenDataDir(dataDir))).toBeNull();
  });

  it('names open entries inside a closed DATA_DIR', () => {
    const dataDir = path.join(root, 'inside');
    mkdirSync(path.join(dataDir, 'backups'), { recursive: true, mode: 0o700 });
    chmodSync(dataDir, 0o700);
    chmodSync(path.join(dataDir, 'backups'), 0o750);
    const report = tightenDataDir(dataDir);
    expect(report).toEqual({ openBefore: null, tightened: 1, failed: [] });
    expect(dataDirWarning(dataDir, report)).toBe(
      `Warning: 1 entries in DATA_DIR ${dataDir} were open to other users; they are now owner-only.`,
    );
  });
});

describe('files written through the code, whatever the umask', () => {
  const root = useTempDir('baywise-private-');

  it('creates the SQLite database, its WAL and SHM, backups and stored media owner-only', async () => {
    expect(process.umask() & 0o077).not.toBe(0o077);
    const dataDir = path.join(root, 'fresh');
    const db = createDatabase({ sqliteFile: sqliteFileIn(dataDir) });
    try {
      await migrateToLatest(db);
      // SQLite made the WAL and SHM itself, while the database is open.
      expect(filesUnder(dataDir).sort()).toEqual(['baywise.sqlite', 'baywise.sqlite-shm', 'baywise.sqlite-wal']);
      expect(openEntries(dataDir)).toEqual([]);
    } finally {
      await db.destroy();
    }
    const backup = await backupDatabase({ dataDir, keep: 2 });
    const source = path.join(root, 'made-by-a-library');
    writeFileSync(source, 'bytes', { mode: 0o644 });
    await directoryStore(path.join(dataDir, 'media')).put('ab/abcdef/original', source, 'image/jpeg');

    expect(filesUnder(dataDir).sort()).toEqual(
      [
        'baywise.sqlite',
        // The backup's read-only connection leaves them (it cannot remove them).
        'baywise.sqlite-shm',
        'baywise.sqlite-wal',
        path.relative(dataDir, backup.file),
        path.join('media', 'ab', 'abcdef', 'original'),
      ].sort(),
    );
    expect(openEntries(dataDir)).toEqual([]);
  });
});

describe('a running server', () => {
  let server: SpawnedServer;
  let database: Awaited<ReturnType<typeof createCommandDatabase>>;
  let dataDir = '';
  let tempDir = '';
  let cookie = '';
  const admin = { username: 'owner', email: 'private-admin@baywise.test', password: 'a long shop password 7' };

  async function call<T = Record<string, string>>(method: string, url: string, body?: unknown): Promise<T> {
    const res = await fetch(`${server.baseUrl}${url}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url} → ${res.status}: ${text}`);
    const sid = res.headers.getSetCookie().find((c) => c.startsWith('baywise.sid='));
    if (sid) cookie = sid.split(';')[0] ?? '';
    return JSON.parse(text) as T;
  }

  beforeAll(async () => {
    database = await createCommandDatabase();
    dataDir = database.env.DATA_DIR!;
    // As an older version left it: open to everyone, with an open file and folder inside.
    chmodSync(dataDir, 0o755);
    mkdirSync(path.join(dataDir, 'backups'), { mode: 0o755 });
    chmodSync(path.join(dataDir, 'backups'), 0o755);
    writeFileSync(path.join(dataDir, 'session-secret'), `${'s'.repeat(48)}\n`, { mode: 0o644 });
    chmodSync(path.join(dataDir, 'session-secret'), 0o644);
    tempDir = path.join(dataDir, '..', `${path.basename(dataDir)}-tmp`);
    mkdirSync(tempDir, { mode: 0o700 });
    server = await spawnServer({
      ...database.env,
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: admin.email,
      TMPDIR: tempDir,
      // A backup about every two seconds (SQLite only).
      BACKUP_INTERVAL_HOURS: '0.0005',
      WEB_DIR: path.join(dataDir, 'no-web'),
    });
  }, 60_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    await server?.exited;
    await database?.drop();
    rmSync(tempDir, { recursive: true, force: true });
  });

  it('warns at start that DATA_DIR was open, and keeps everything it writes owner-only', async () => {
    expect(server.output()).toContain(`Warning: DATA_DIR ${dataDir} was open to other users (0755); it is now 0700.`);

    expect(modeOf(path.join(dataDir, 'setup-code'))).toBe(0o600);
    await call('POST', '/api/register', { ...admin, role: 'admin', setupCode: setupCodeIn(dataDir) });
    const customer = await call('POST', '/api/customers', {
      name: 'Dana Whitfield',
      email: 'dana@example.com',
      phone: '555-0142',
    });
    const vehicle = await call('POST', '/api/vehicles', { customerId: customer.id, ...SAMPLE_VEHICLE });
    const inspection = await call('POST', '/api/inspections', {
      customerId: customer.id,
      vehicleId: vehicle.id,
      status: 'completed',
    });
    const media = (kind: string, bytes: Buffer) => ({
      mediaId: randomUUID(),
      role: 'original',
      inspectionId: inspection.id,
      itemKey: 'oil',
      kind,
      sha256: sha256Hex(bytes),
    });
    const photo = await makeJpeg(640, 480);
    await tusUpload({ baseUrl: server.baseUrl, cookie, bytes: photo, metadata: media('photo', photo) });
    // HEVC: the server also makes an H.264 copy in its work folder.
    const video = await makeVideo(1, 'libx265');
    await tusUpload({ baseUrl: server.baseUrl, cookie, bytes: video, metadata: media('video', video) });
    // An upload left half-way stays staged.
    const half = await fetch(`${server.baseUrl}${MEDIA_UPLOAD_PATH}`, {
      method: 'POST',
      headers: {
        cookie,
        'Tus-Resumable': '1.0.0',
        'Upload-Length': String(photo.length),
        'Upload-Metadata': tusMetadata(media('photo', photo)),
        'Content-Type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(photo.subarray(0, 1000)),
    });
    expect(half.status).toBe(201);
    await eventually(
      async () => {
        const { items } = await call<{ items: { processing: boolean }[] }>(
          'GET',
          `/api/inspections/${inspection.id}/media`,
        );
        return items.length === 2 && items.every((m) => !m.processing);
      },
      'the H.264 copy',
      60_000,
    );
    const sqlite = testDatabaseKind() === 'sqlite';
    if (sqlite) await eventually(async () => readdirSync(path.join(dataDir, 'backups')).length > 0, 'a backup', 30_000);

    const files = filesUnder(dataDir);
    const expected = [
      'session-secret',
      // The pid file guards the SQLite file against a restore.
      ...(sqlite ? ['server.pid', 'baywise.sqlite', 'baywise.sqlite-wal', 'baywise.sqlite-shm'] : []),
    ];
    for (const name of expected) expect(files).toContain(name);
    const under = (folder: string) => files.filter((f) => f.startsWith(`${folder}${path.sep}`));
    if (sqlite) expect(under('backups').some((f) => f.endsWith('.sqlite'))).toBe(true);
    // Two contents: the photo's original and 3 sizes, the video's original, poster, 3 sizes and H.264 copy.
    expect(under('media').length).toBe(4 + 6);
    expect(under('media').some((f) => f.endsWith('h264'))).toBe(true);
    expect(under('media-staging').length).toBe(2);
    expect(readdirSync(path.join(dataDir, 'media-work'))).toEqual([String(server.child.pid)]);

    expect(openEntries(dataDir)).toEqual([]);
    expect(openEntries(tempDir)).toEqual([]);
  }, 120_000);
});

import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp } from '@api/app';
import { DEFAULT_SEND_LIMIT_PER_SHOP_DAY, DEFAULT_SEND_LIMIT_PER_USER_HOUR, type AppConfig } from '@api/config';
import type { Db } from '@api/db/database';
import type { UserRow } from '@api/db/tables';
import type { Role } from '@shared/constants';
import { createTestDatabase } from './database';
import { expectDocumentsCurrent } from './documents';
import { createUser, TEST_HASH_PARAMS, TEST_PASSWORD } from './factories';

export const TEST_ADMIN_EMAIL = 'owner@shop.test';

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent',
    webDir: undefined,
    databaseUrl: undefined,
    adminEmail: TEST_ADMIN_EMAIL,
    supportEmail: 'help@shop.test',
    sessionSecret: 'test-secret-that-is-at-least-32-characters-long',
    trustProxy: false,
    logLevel: 'silent',
    logRequests: false,
    logSlowMs: 1000,
    backupKeep: 14,
    backupIntervalHours: 0,
    workers: 1,
    sendLimits: { perUserHour: DEFAULT_SEND_LIMIT_PER_USER_HOUR, perShopDay: DEFAULT_SEND_LIMIT_PER_SHOP_DAY },
    // The factories' cheap hash, so sign-ins in tests neither wait for nor upgrade a slow one.
    passwordHashParams: TEST_HASH_PARAMS,
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** Signs in a new user of the role (or the given user) and returns a client with its cookie. */
  signIn(role?: Role, fields?: Partial<Omit<UserRow, 'role'>>): Promise<Client>;
  close(): Promise<void>;
}

export interface Client {
  user: UserRow;
  cookie: string;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
}

/** A response body without the password flags (`passwordChangeRequired`, `mustChangePassword`), whose names alone would trip a secrets check. */
export const withoutPasswordFlag = (body: string): string =>
  body.replace(/"(passwordChangeRequired|mustChangePassword)":(true|false),?/g, '');

/** The session cookie from a response, as a `Cookie` header value. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'baywise.sid');
  if (!cookie) throw new Error(`no session cookie in response ${response.statusCode}: ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

export function clientFor(app: FastifyInstance, user: UserRow, cookie: string): Client {
  return {
    user,
    cookie,
    inject: (options) => app.inject({ ...options, headers: { ...(options.headers ?? {}), cookie } } as InjectOptions),
  };
}

export interface TestAppOptions {
  clock?: () => number;
  /**
   * Whether the app checks its answers against their schemas (`checkSerialization`; default true). An
   * app that does not writes its answers as the production server does.
   */
  checked?: boolean;
  /** The app's upkeep, the inspection documents' keeper among it (default on, as in production). */
  upkeep?: boolean;
}

/**
 * A fresh database and app for one test file, closed after the file. Sign-ins go through the real
 * `POST /api/login`.
 */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp({
    config: testConfig(overrides),
    db: database.db,
    checkSerialization: options.checked ?? true,
    clock: options.clock,
    upkeep: options.upkeep,
  });
  await app.ready();
  const testApp: TestApp = {
    app,
    db: database.db,
    async signIn(role = 'technician', fields = {}) {
      const user = await createUser(database.db, { role, ...fields });
      const response = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: user.username, password: TEST_PASSWORD },
      });
      if (response.statusCode !== 200) {
        throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
      }
      return clientFor(app, user, sessionCookie(response));
    },
    async close() {
      try {
        await app.close();
        // What the keeper stored while the file ran must still be what the rows give.
        await expectDocumentsCurrent(database.db);
      } finally {
        await database.drop();
      }
    },
  };
  return testApp;
}

/** `createTestApp` with the close registered for the end of the file. */
export async function useTestApp(overrides: Partial<AppConfig> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const testApp = await createTestApp(overrides, options);
  afterAll(() => testApp.close());
  return testApp;
}

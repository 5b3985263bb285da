import { sql } from 'kysely';
import { compiledOnce } from '@api/db/compiled-once';
import { isPostgres, type Db } from '@api/db/database';
import type { NewUserRow, UserRow, UserUpdate } from '@api/db/tables';
import { matchesAny, paginate, type Page } from '@api/lib/list';

export interface UserFilters {
  q?: string | undefined;
  role?: string | undefined;
  status?: string | undefined;
}

// A user by id: the technician every create and save of an inspection names, among others. Compiled once.
const userById = compiledOnce((db, [id]) => db.selectFrom('users').selectAll().where('id', '=', id!));

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return (await userById(db, [id]))[0];
}

// Usernames and emails are unique among active accounts only: a pending sign-up may repeat one
// (it is settled at approval), and cannot sign in until it is approved.
export function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .where('status', '=', 'active')
    .executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .where('status', '=', 'active')
    .executeTakeFirst();
}

export async function insertUser(db: Db, row: NewUserRow): Promise<UserRow> {
  await db.insertInto('users').values(row).execute();
  return (await findUserById(db, row.id))!;
}

export async function updateUser(db: Db, id: string, changes: UserUpdate): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

export async function deleteUser(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

function filteredUsers(db: Db, filters: UserFilters) {
  let query = db.selectFrom('users');
  if (filters.q) {
    const q = filters.q;
    query = query.where((eb) => matchesAny(db, eb, ['username', 'email'], q));
  }
  if (filters.role) query = query.where('role', '=', filters.role);
  if (filters.status) query = query.where('status', '=', filters.status);
  return query;
}

/** Users by username (case-insensitive, id as tie-breaker), a page of them when asked. */
export function listUsers(db: Db, filters: UserFilters, page: Page): Promise<UserRow[]> {
  const query = filteredUsers(db, filters)
    .selectAll()
    .orderBy((eb) => eb.fn('lower', ['username']))
    .orderBy('id');
  return paginate(query, page).execute();
}

export async function countUsers(db: Db, filters: UserFilters): Promise<number> {
  const row = await filteredUsers(db, filters)
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Active administrators: an account waiting for approval administers nothing. */
export async function countAdmins(db: Db): Promise<number> {
  return countUsers(db, { role: 'admin', status: 'active' });
}

/**
 * Serialises changes that can remove an administrator: on PostgreSQL two such transactions would
 * each count the other's admin as still there. SQLite runs one write transaction at a time anyway.
 */
export async function lockAdmins(db: Db): Promise<void> {
  if (!isPostgres(db)) return;
  await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('status', '=', 'active')
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Ends a user's sessions, except the one given (the caller's own). */
export async function deleteUserSessions(db: Db, userId: string, exceptSid?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('userId', '=', userId);
  if (exceptSid) query = query.where('sid', '!=', exceptSid);
  await query.execute();
}

/** The shop's contact fields, as the admin's row holds them. */
export const SHOP_CONTACT_FIELDS = [
  'companyName',
  'phone',
  'email',
  'address',
  'city',
  'state',
  'zipCode',
  'website',
] as const satisfies readonly (keyof UserRow)[];

/** The shop's contact details: those of the earliest-created admin (a statement, or part of a share page's read). */
export const shopContactQuery = (db: Db) =>
  db
    .selectFrom('users')
    .select(SHOP_CONTACT_FIELDS)
    .where('role', '=', 'admin')
    .orderBy('createdAt')
    .orderBy('id')
    // Written into the SQL: SQLite runs a bound LIMIT markedly slower.
    .limit(sql.lit(1));

// Read by every share page without a stored answer: compiled once.
const shopContact = compiledOnce((db) => shopContactQuery(db));

export async function findShopContact(db: Db) {
  return (await shopContact(db, []))[0];
}

/** Whether the database has any account yet: the first one is the shop's admin. */
export async function hasAnyUser(db: Db): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
}

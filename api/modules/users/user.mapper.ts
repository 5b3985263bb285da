import type { Role, UserStatus } from '@shared/constants';
import type { User } from '@shared/schemas/user';
import type { UserRow } from '@api/db/tables';

/** The user as every response shows it: never the password hash. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role as Role,
    companyName: row.companyName,
    phone: row.phone,
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    website: row.website,
    passwordChangeRequired: row.passwordChangeRequired === 1,
    mustChangePassword: row.mustChangePassword === 1,
    status: row.status as UserStatus,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

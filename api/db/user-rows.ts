import type { UserRow } from './tables';

/** A user row's contact columns left empty: only the admin's carry the shop's contact details. */
export const NO_USER_CONTACT = {
  companyName: null,
  phone: null,
  address: null,
  city: null,
  state: null,
  zipCode: null,
  website: null,
} satisfies Partial<UserRow>;

import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { customerResponse } from '@shared/schemas/customer';
import { vehicleResponse } from '@shared/schemas/vehicle';
import { changed, recordChanges } from '@api/lib/change-log';
import { inTransaction } from '@api/db/transaction';
import type { CustomerRow, VehicleRow } from '@api/db/tables';
import { createTestDatabase } from '@api/test/database';
import { createCustomer, createVehicle } from '@api/test/factories';
import { serializerFor } from '@api/plugins/serializer';
import { toCustomer } from '@api/modules/customers/customer.mapper';
import { toVehicle } from '@api/modules/vehicles/vehicle.mapper';
import { pageCustomers, pageVehicles, readSyncState } from './sync.repository';

// A sync page's customers and vehicles are written as JSON by the database (SQLite json_object,
// PostgreSQL row_to_json) and sent as they are: the text must be exactly what the response
// schema's writer writes, for any character a name or an address can hold. This holds the
// database's escaping to that, so an upgrade of SQLite or PostgreSQL that changed it would fail here.
const database = await createTestDatabase();
afterAll(() => database.drop());
const { db } = database;

/** Every character of the Basic Multilingual Plane but NUL (PostgreSQL text cannot hold it) and the surrogates. */
const everyCharacter = Array.from({ length: 0xffff }, (_, i) => i + 1)
  .filter((code) => code < 0xd800 || code > 0xdfff)
  .map((code) => String.fromCharCode(code))
  .join('');
// In pieces a name can hold: a PostgreSQL b-tree index row (lower(name), name, id) takes at most 2,704 bytes.
const pieces = Array.from({ length: Math.ceil(everyCharacter.length / 300) }, (_, i) =>
  everyCharacter.slice(i * 300, (i + 1) * 300),
);
const astral = '😀 𝄞 \u{10ffff}';

const before = (await readSyncState(db)).seq;
const customers: CustomerRow[] = [];
const vehicles: VehicleRow[] = [];
for (const piece of pieces) {
  const customer = await createCustomer(db, { name: piece, address: astral, email: `"q"\\@mail.test` });
  customers.push(customer);
  vehicles.push(await createVehicle(db, customer.id, { make: piece, model: astral, vin: null, mileage: 7 }));
}
await inTransaction(db, (trx) =>
  recordChanges(trx, [
    ...changed(
      'customer',
      customers.map((c) => c.id),
    ),
    ...changed(
      'vehicle',
      vehicles.map((v) => v.id),
    ),
  ]),
);
const range = { since: before, last: (await readSyncState(db)).seq };

describe('sync page rows written by the database', () => {
  it('writes customers exactly as the response schema does, every character included', async () => {
    const expected = serializerFor(z.array(customerResponse))(customers.map(toCustomer));
    expect(await pageCustomers(db, range)).toBe(expected);
  });

  it("writes vehicles with their customer's name exactly as the response schema does", async () => {
    const expected = serializerFor(z.array(vehicleResponse))(
      vehicles.map((v, i) => toVehicle({ ...v, customerName: customers[i]!.name })),
    );
    expect(await pageVehicles(db, range)).toBe(expected);
  });
});

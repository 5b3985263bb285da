import type { Db } from '@api/db/database';

// The user data view: what a user created and the inspections they did, newest first.

export function customersCreatedBy(db: Db, userId: string) {
  return db
    .selectFrom('customers')
    .select([
      'id',
      'name',
      'email',
      'phone',
      'address',
      'status',
      'textConsentAt',
      'textConsentSource',
      'createdAt',
      'updatedAt',
    ])
    .where('createdBy', '=', userId)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .execute();
}

export function vehiclesCreatedBy(db: Db, userId: string) {
  return db
    .selectFrom('vehicles')
    .select([
      'id',
      'customerId',
      'year',
      'make',
      'model',
      'vin',
      'licensePlate',
      'mileage',
      'color',
      'createdAt',
      'updatedAt',
    ])
    .where('createdBy', '=', userId)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .execute();
}

/** One query whatever the count: each inspection joined to its customer and vehicle. */
export function inspectionsByTechnician(db: Db, userId: string) {
  return db
    .selectFrom('inspections as i')
    .innerJoin('customers as c', 'c.id', 'i.customerId')
    .innerJoin('vehicles as v', 'v.id', 'i.vehicleId')
    .select([
      'i.id',
      'i.customerId',
      'i.vehicleId',
      'i.technicianId',
      'i.status',
      'i.notes',
      'i.createdAt',
      'i.updatedAt',
      'c.name as customerName',
      'v.year as vehicleYear',
      'v.make as vehicleMake',
      'v.model as vehicleModel',
    ])
    .where('i.technicianId', '=', userId)
    .orderBy('i.createdAt', 'desc')
    .orderBy('i.id')
    .execute();
}

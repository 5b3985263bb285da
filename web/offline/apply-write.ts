import { createCustomerBody, updateCustomerBody } from '@shared/schemas/customer';
import type { SyncEntity } from '@shared/schemas/sync';
import { createVehicleBody, updateVehicleBody } from '@shared/schemas/vehicle';
import { applyDeferred } from './deferred-write';
import { createInspection, setServiceStatus, updateInspection } from './inspection-write';
import {
  customerSummary,
  definedFields,
  draftOf,
  LocalWriteError,
  parse,
  sameValue,
  vehicleSummary,
  type ApplyContext,
  type Draft,
  type LocalState,
} from './local-rows';
import type { LocalWrite } from './types';

export { LocalWriteError, type ApplyContext, type LocalState } from './local-rows';

// The local effect of a write, mirroring the server's rules (api/modules/{customers,vehicles,
// inspections,services}): the same effect is applied when the user saves and again, on top of
// fresher server rows, while the write is still waiting to be sent.

function removeVehicle(draft: Draft, id: string): void {
  draft.vehicles.delete(id);
  for (const line of draft.deferred.values()) if (line.vehicleId === id) draft.deferred.delete(line.id);
  for (const inspection of draft.inspections.values()) {
    if (inspection.vehicleId === id) draft.inspections.delete(inspection.id);
  }
}

function removeCustomer(draft: Draft, id: string): void {
  draft.customers.delete(id);
  for (const line of draft.deferred.values()) if (line.customerId === id) draft.deferred.delete(line.id);
  for (const vehicle of draft.vehicles.values()) if (vehicle.customerId === id) removeVehicle(draft, vehicle.id);
  for (const inspection of draft.inspections.values()) {
    if (inspection.customerId === id) draft.inspections.delete(inspection.id);
  }
}

/** The state without a row (and what the server removes with it). */
export function removeRow(state: LocalState, entity: SyncEntity, id: string): LocalState {
  const draft = draftOf(state);
  if (entity === 'customer') removeCustomer(draft, id);
  else if (entity === 'vehicle') removeVehicle(draft, id);
  else if (entity === 'deferred') draft.deferred.delete(id);
  else {
    draft.inspections.delete(id);
    for (const line of draft.deferred.values()) if (line.sourceInspectionId === id) draft.deferred.delete(line.id);
  }
  return draft;
}

/** Keeps the copies of a customer and a vehicle nested in other rows in step with the rows. */
function deriveNested(draft: Draft): void {
  for (const [id, vehicle] of draft.vehicles) {
    const customer = draft.customers.get(vehicle.customerId);
    if (customer && customer.name !== vehicle.customerName)
      draft.vehicles.set(id, { ...vehicle, customerName: customer.name });
  }
  for (const [id, inspection] of draft.inspections) {
    let next = inspection;
    const customer = draft.customers.get(inspection.customerId);
    if (customer && !sameValue(customerSummary(customer), inspection.customer)) {
      next = { ...next, customer: customerSummary(customer) };
    }
    const vehicle = draft.vehicles.get(inspection.vehicleId);
    if (vehicle && !sameValue(vehicleSummary(vehicle), inspection.vehicle))
      next = { ...next, vehicle: vehicleSummary(vehicle) };
    if (next !== inspection) draft.inspections.set(id, next);
  }
}

/** The state with nested customer and vehicle copies matching the rows (after server rows came in). */
export function withNestedInStep(state: LocalState): LocalState {
  const draft = draftOf(state);
  deriveNested(draft);
  return draft;
}

// ---- Customers and vehicles ----

function applyCustomer(draft: Draft, write: Extract<LocalWrite, { kind: `customer.${string}` }>, now: string): void {
  if (write.kind === 'customer.delete') return removeCustomer(draft, write.id);
  if (write.kind === 'customer.create') {
    const body = parse(createCustomerBody, { ...write.body, id: write.id }, 'customer');
    const { name, email, phone, address, status, textConsentAt, textConsentSource } = body;
    draft.customers.set(write.id, {
      id: write.id,
      name,
      email,
      phone,
      address,
      status,
      textConsentAt,
      textConsentSource,
      createdAt: now,
      updatedAt: now,
    });
    return;
  }
  const current = draft.customers.get(write.id);
  const changes = definedFields(parse(updateCustomerBody, write.changes, 'customer changes'));
  // Nothing sent changes nothing, not even updatedAt (as on the server).
  if (!current || Object.keys(changes).length === 0) return;
  draft.customers.set(write.id, { ...current, ...changes, updatedAt: now });
}

function applyVehicle(draft: Draft, write: Extract<LocalWrite, { kind: `vehicle.${string}` }>, now: string): void {
  if (write.kind === 'vehicle.delete') return removeVehicle(draft, write.id);
  if (write.kind === 'vehicle.create') {
    const { id: _id, ...fields } = parse(createVehicleBody, { ...write.body, id: write.id }, 'vehicle');
    const customer = draft.customers.get(fields.customerId);
    if (!customer) throw new LocalWriteError('The vehicle’s customer is not on this device');
    draft.vehicles.set(write.id, {
      id: write.id,
      ...fields,
      customerName: customer.name,
      createdAt: now,
      updatedAt: now,
    });
    return;
  }
  const current = draft.vehicles.get(write.id);
  const changes = definedFields(parse(updateVehicleBody, write.changes, 'vehicle changes'));
  if (!current || Object.keys(changes).length === 0) return;
  const customerName = changes.customerId
    ? (draft.customers.get(changes.customerId)?.name ?? current.customerName)
    : current.customerName;
  draft.vehicles.set(write.id, { ...current, ...changes, customerName, updatedAt: now });
}

/**
 * Pure: `state` after `write`. A create rebuilds its row from the body (so applying the pending
 * writes again in order always gives the same rows); an update or delete of a row that is not in
 * `state` changes nothing. Throws LocalWriteError for input the server would refuse outright.
 */
export function applyWrite(state: LocalState, write: LocalWrite, context: ApplyContext): LocalState {
  const draft = draftOf(state);
  switch (write.kind) {
    case 'customer.create':
    case 'customer.update':
    case 'customer.delete':
      applyCustomer(draft, write, context.now);
      break;
    case 'vehicle.create':
    case 'vehicle.update':
    case 'vehicle.delete':
      applyVehicle(draft, write, context.now);
      break;
    case 'inspection.create':
      createInspection(draft, write, context);
      break;
    case 'inspection.update':
      updateInspection(draft, write, context);
      break;
    case 'service.status':
      setServiceStatus(draft, write, context.now);
      break;
    case 'deferred.update':
      applyDeferred(draft, write, context.now);
      break;
    case 'share.send':
      // Recorded on the server only: the "Sent" line is read from there.
      break;
    case 'inspection.renewLink':
      // Only the server makes a link (it must be unguessable); its answer replaces the row.
      break;
    case 'media.update':
    case 'media.delete':
      // The media table's own effect (web/offline/media/capture.ts); no row here changes.
      break;
  }
  deriveNested(draft);
  return draft;
}

// ---- What a write is about, and the REST call that sends it ----

/** A create makes its row; later writes to that row, and rows made under it, need it first. */
export const isCreateWrite = (write: LocalWrite): boolean => write.kind.endsWith('.create');

/** The row a write changes. */
export function entityOf(write: LocalWrite): { entity: SyncEntity; entityId: string } {
  // A medium's change shows as a change of its inspection (its pending mark).
  if (
    write.kind === 'service.status' ||
    write.kind === 'share.send' ||
    write.kind === 'media.update' ||
    write.kind === 'media.delete'
  ) {
    return { entity: 'inspection', entityId: write.inspectionId };
  }
  const entity = write.kind.slice(0, write.kind.indexOf('.')) as SyncEntity;
  return { entity, entityId: write.id };
}

const idText = (value: unknown): string[] => (typeof value === 'string' && value.trim() ? [value.trim()] : []);

/** The rows the server must have before this write can apply (its customer, its vehicle). */
export function dependsOnOf(write: LocalWrite): string[] {
  switch (write.kind) {
    case 'vehicle.create':
      return idText(write.body.customerId);
    case 'vehicle.update':
      return idText(write.changes.customerId);
    case 'inspection.create':
      return [...idText(write.body.customerId), ...idText(write.body.vehicleId)];
    case 'inspection.update':
      return [...idText(write.changes.customerId), ...idText(write.changes.vehicleId)];
    case 'deferred.update':
      return idText(write.changes.addedToInspectionId);
    case 'share.send':
    case 'media.update':
    case 'media.delete':
      return [write.inspectionId];
    default:
      return [];
  }
}

export interface WriteRequest {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: unknown;
}

/** The REST call the app has always made for this change; creates send the client-made `id`. */
export function toRequest(write: LocalWrite): WriteRequest {
  switch (write.kind) {
    case 'customer.create':
      return { method: 'POST', url: '/api/customers', body: { id: write.id, ...write.body } };
    case 'customer.update':
      return { method: 'PUT', url: `/api/customers/${write.id}`, body: write.changes };
    case 'customer.delete':
      return { method: 'DELETE', url: `/api/customers/${write.id}` };
    case 'vehicle.create':
      return { method: 'POST', url: '/api/vehicles', body: { id: write.id, ...write.body } };
    case 'vehicle.update':
      return { method: 'PATCH', url: `/api/vehicles/${write.id}`, body: write.changes };
    case 'vehicle.delete':
      return { method: 'DELETE', url: `/api/vehicles/${write.id}` };
    case 'inspection.create':
      return { method: 'POST', url: '/api/inspections', body: { id: write.id, ...write.body } };
    case 'inspection.update':
      return { method: 'PUT', url: `/api/inspections/${write.id}`, body: write.changes };
    case 'service.status':
      return {
        method: 'PUT',
        url: `/api/services/${write.serviceId}`,
        body: write.decisionMethod
          ? { status: write.status, decisionMethod: write.decisionMethod }
          : { status: write.status },
      };
    case 'deferred.update':
      return { method: 'PATCH', url: `/api/deferred-work/${write.id}`, body: write.changes };
    case 'share.send':
      return { method: 'POST', url: `/api/inspections/${write.inspectionId}/sends`, body: write.body };
    case 'inspection.renewLink':
      return { method: 'POST', url: `/api/inspections/${write.id}/share-link` };
    case 'media.update':
      return { method: 'PATCH', url: `/api/media/${write.id}`, body: write.changes };
    case 'media.delete':
      return { method: 'DELETE', url: `/api/media/${write.id}` };
  }
}

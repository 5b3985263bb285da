import type { z } from 'zod';
import type { CreateCustomerBody, UpdateCustomerBody } from '@shared/schemas/customer';
import type { CreateSendBody } from '@shared/schemas/send';
import type { createInspectionBody, updateInspectionBody } from '@shared/schemas/inspection';
import type { ServiceStatus } from '@shared/constants';
import type { UpdateMediaBody } from '@shared/schemas/media';
import type { UpdateDeferredBody } from '@shared/schemas/deferred';
import type { StaffDecisionMethod } from '@shared/schemas/decision';
import type { SyncEntity } from '@shared/schemas/sync';
import type { CreateVehicleBody, UpdateVehicleBody } from '@shared/schemas/vehicle';

/** What the inspection form sends (text costs and millimetres), not the parsed cents and tenths. */
export type CreateInspectionInput = z.input<typeof createInspectionBody>;
export type UpdateInspectionInput = z.input<typeof updateInspectionBody>;

/**
 * One user intent on an offline-capable row. The same value gives the local effect (applied to the
 * local tables at once) and the REST request the sync loop sends later. Ids are made on the client
 * (`newRowId()`, time-ordered UUIDs), so later writes can refer to rows the server has not seen yet.
 * Bodies are the wire shapes (z.input of the shared schemas): what the forms send today.
 */
export type LocalWrite =
  | { kind: 'customer.create'; id: string; body: Omit<CreateCustomerBody, 'id'> }
  | { kind: 'customer.update'; id: string; changes: UpdateCustomerBody }
  | { kind: 'customer.delete'; id: string }
  | { kind: 'vehicle.create'; id: string; body: Omit<CreateVehicleBody, 'id'> }
  | { kind: 'vehicle.update'; id: string; changes: UpdateVehicleBody }
  | { kind: 'vehicle.delete'; id: string }
  /** Services and parts inside carry client ids. */
  | { kind: 'inspection.create'; id: string; body: Omit<CreateInspectionInput, 'id'> }
  /** Only the changed fields; `services`, when present, is the full list (ids kept). */
  | { kind: 'inspection.update'; id: string; changes: UpdateInspectionInput }
  /** A new share link for the inspection (the old one dies); the server makes it, its answer brings it here. */
  | { kind: 'inspection.renewLink'; id: string }
  /** Staff approve ('approved') / unapprove ('recommended') of one service, and how the customer gave it. */
  | {
      kind: 'service.status';
      inspectionId: string;
      serviceId: string;
      status: ServiceStatus;
      decisionMethod?: StaffDecisionMethod;
    }
  /** A deferred line's follow-up, dismissal, or "added to" a new inspection (made on this device or not). */
  | { kind: 'deferred.update'; id: string; changes: UpdateDeferredBody }
  /** A send of the inspection's share link (no local effect); an email goes out when the server gets it. */
  | { kind: 'share.send'; inspectionId: string; body: CreateSendBody }
  /** A medium's caption or order; its local effect is on the media table (web/offline/media). */
  | { kind: 'media.update'; id: string; inspectionId: string; changes: UpdateMediaBody }
  /** A medium the server has (or may have: its upload had begun). */
  | { kind: 'media.delete'; id: string; inspectionId: string };

export type LocalWriteKind = LocalWrite['kind'];

export type OutboxState = 'pending' | 'attention';

export interface OutboxEntry {
  /** Auto-increment: the send order. */
  seq?: number;
  /** UUID, sent as the Idempotency-Key; a retry from the sync panel gives the entry a new one. */
  id: string;
  /** Entries are only ever sent under the session of the user who made them. */
  userId: string;
  write: LocalWrite;
  /** The row the write changes (for the pending marks on cards and rows). */
  entity: SyncEntity;
  entityId: string;
  /** Rows this entry needs on the server first (its customer, vehicle…); they wait while one needs attention. */
  dependsOn: string[];
  /** What the user did, for the sync panel: "Add customer Jane Doe". */
  label: string;
  state: OutboxState;
  attempts: number;
  /** Set when state is 'attention', or after a retryable failure. */
  lastError?: { status: number; message: string } | undefined;
  createdAt: string;
}

/** What the header and the sync panel show. */
export interface SyncStatus {
  online: boolean;
  /** Entries waiting to be sent (pending). */
  pending: number;
  /** Entries that need the user (4xx); they stay until retried or discarded. */
  attention: number;
  /** The sync loop is sending right now. */
  syncing: boolean;
  /** The session expired: the loop is paused until the user signs in again. */
  needsSignIn: boolean;
  /** Last pull finished (ISO), if any. */
  lastPulledAt: string | null;
}

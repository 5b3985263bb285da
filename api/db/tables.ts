import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely';

// Column names are camelCase here and snake_case in the database (CamelCasePlugin).
// Timestamps are ISO 8601 UTC strings; money is integer cents; measurements are integer tenths of
// a millimetre; booleans are 0/1 integers, so the same rows work on SQLite and PostgreSQL.

type Timestamp = string;
type Flag = ColumnType<number, number | undefined, number>;

export interface UsersTable {
  id: string;
  username: string;
  email: string;
  passwordHash: string;
  role: string;
  companyName: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  website: string | null;
  /** 1 when the password predates today's rules: the user is asked to choose a new one. */
  passwordChangeRequired: Flag;
  /** 1 for an account made with a password others know (the demo's): no other call until it is changed. */
  mustChangePassword: Flag;
  /** 'active', or 'pending' for an account from the open sign-up until an admin approves it. */
  status: ColumnType<string, string | undefined, string>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface InvitesTable {
  id: string;
  tokenHash: string;
  role: string;
  createdBy: string | null;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
  usedBy: string | null;
  revokedAt: Timestamp | null;
}

/** Shop-wide settings, one row per key; values are JSON text. */
export interface ShopSettingsTable {
  key: string;
  value: string;
  updatedAt: Timestamp;
}

/** The empty shop's one-time setup code: its SHA-256, in the one row (id 1) while no account exists. */
export interface SetupCodeTable {
  id: number;
  codeHash: string;
  createdAt: Timestamp;
}

export interface SessionsTable {
  sid: string;
  userId: string | null;
  data: string;
  expiresAt: Timestamp;
}

export interface LoginFailuresTable {
  id: string;
  /** The username as typed, trimmed and lower-cased: unknown names are counted like real ones. */
  usernameKey: string;
  /** `device:<sha-256 of a trusted device id>` or `address:<client address>`. */
  clientKey: string;
  failedAt: Timestamp;
}

export interface TrustedDevicesTable {
  /** SHA-256 (hex) of the id in the device cookie; the id itself is never stored. */
  deviceHash: string;
  userId: string;
  lastUsedAt: Timestamp;
}

export interface CustomersTable {
  id: string;
  name: string;
  email: string;
  phone: string;
  address: string | null;
  status: string;
  /** When and how the customer agreed to texts; null until they did. */
  textConsentAt: ColumnType<string | null, string | null | undefined, string | null>;
  textConsentSource: ColumnType<string | null, string | null | undefined, string | null>;
  createdBy: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface VehiclesTable {
  id: string;
  customerId: string;
  year: number;
  make: string;
  model: string;
  vin: string | null;
  licensePlate: string | null;
  mileage: number | null;
  color: string | null;
  createdBy: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface InspectionsTable {
  id: string;
  customerId: string;
  vehicleId: string;
  technicianId: string | null;
  shareToken: string;
  /** When the share link was last made anew; null: when the row was created. */
  shareTokenAt: ColumnType<string | null, string | null | undefined, string | null>;
  status: string;
  frontLeftTread: number | null;
  frontRightTread: number | null;
  rearLeftTread: number | null;
  rearRightTread: number | null;
  frontLeftBrake: number | null;
  frontRightBrake: number | null;
  rearLeftBrake: number | null;
  rearRightBrake: number | null;
  cabinFilterCondition: string | null;
  engineFilterCondition: string | null;
  oilCondition: string | null;
  oilLevel: string | null;
  coolantLevel: string | null;
  suspensionCondition: string | null;
  /** JSON array of strings. */
  leaks: string;
  checkEngineLight: Flag;
  diagnosticCodes: string | null;
  notes: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface InspectionNotesTable {
  id: string;
  inspectionId: string;
  note: string;
  createdAt: Timestamp;
}

export interface ServicesTable {
  id: string;
  inspectionId: string;
  description: string;
  partsLink: string | null;
  partsCostCents: number;
  laborCostCents: number;
  status: string;
  position: number;
  /** The amount the customer approved; null while not approved. */
  approvedAmountCents: ColumnType<number | null, number | null | undefined, number | null>;
  /** 1 when an approved service's price, parts or description changed after the decision. */
  needsReapproval: Flag;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ServicePartsTable {
  id: string;
  serviceId: string;
  partName: string;
  partUrl: string | null;
  partCostCents: number;
  position: number;
  createdAt: Timestamp;
}

/** Each inspection's stored answer (the read model); kept honest by triggers, see its migration. */
export interface InspectionDocumentsTable {
  inspectionId: string;
  /** Raised by every change to a row the answer is made of. */
  version: ColumnType<number, number | undefined, number>;
  /** The format the body was written in; null while there is no body. */
  shape: string | null;
  body: string | null;
}

export interface InvoicesTable {
  id: string;
  inspectionId: string | null;
  customerId: string;
  vehicleId: string | null;
  shareToken: string;
  /** When the share link was last made anew; null: when the row was created. */
  shareTokenAt: ColumnType<string | null, string | null | undefined, string | null>;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  notes: string | null;
  status: string;
  createdBy: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface InvoiceLineItemsTable {
  id: string;
  invoiceId: string;
  description: string;
  amountCents: number;
  createdAt: Timestamp;
}

export interface EmailTemplatesTable {
  id: string;
  name: string;
  description: string | null;
  subject: string;
  body: string;
  status: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface IdempotencyKeysTable {
  userId: string;
  key: string;
  /** sha256 of the method, path and canonical JSON body. */
  fingerprint: string;
  statusCode: number;
  /** The response body as sent (JSON text); null for a 204. */
  body: string | null;
  createdAt: Timestamp;
}

export interface SyncStateTable {
  id: number;
  /** The last change sequence handed out. */
  seq: number;
  /** The highest sequence of a pruned deletion: an older cursor must resync. */
  tombstoneHorizon: number;
  /** The change feed's history: '' until a restore, then a new random value at each restore. */
  epoch: string;
}

export interface SyncChangesTable {
  /** customer | vehicle | inspection, or service (deletions only, never sent). */
  entity: string;
  entityId: string;
  seq: number;
  deleted: Flag;
  changedAt: Timestamp;
}

/** Each send of a share link (an inspection's or an invoice's, never both). */
export interface ShareSendsTable {
  id: string;
  inspectionId: string | null;
  invoiceId: string | null;
  userId: string | null;
  /** email | mail_app | text | share_sheet | copy_link */
  channel: string;
  recipient: string | null;
  subject: string | null;
  body: string | null;
  /** sent | failed (email); opened (handed to the device or copied) */
  status: string;
  error: string | null;
  sentAt: Timestamp;
  createdAt: Timestamp;
}

/** Customer views of one share page; staff previews are not counted. */
export interface ShareViewsTable {
  /** inspection | invoice */
  targetKind: string;
  targetId: string;
  firstViewedAt: Timestamp;
  lastViewedAt: Timestamp;
  viewCount: number;
}

/** Every approve, decline or unapprove of a service; rows are only ever added. */
export interface ServiceDecisionsTable {
  id: string;
  inspectionId: string;
  serviceId: string;
  description: string;
  /** approved | declined | unapproved */
  decision: string;
  /** customer | staff */
  actor: string;
  userId: string | null;
  /** link | in_person | phone | text */
  method: string;
  amountCents: number;
  clientAddress: string | null;
  userAgent: string | null;
  signerName: string | null;
  /** PNG data URL of a drawn signature. */
  signature: string | null;
  decidedAt: Timestamp;
}

/** A declined or still-recommended service of a finished inspection, offered at the next visit. */
export interface DeferredWorkTable {
  id: string;
  customerId: string;
  vehicleId: string;
  sourceInspectionId: string;
  sourceServiceId: string;
  description: string;
  amountCents: number;
  /** declined | recommended */
  sourceStatus: string;
  technicianNote: string | null;
  inspectedAt: Timestamp;
  /** open | added | dismissed */
  status: string;
  dismissReason: string | null;
  addedToInspectionId: string | null;
  followUpDate: string | null;
  followUpOutcome: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** The funnel report's summary of one inspection, refreshed by every write (api/db/inspection-funnel.ts). */
export interface InspectionFunnelTable {
  inspectionId: string;
  technicianId: string | null;
  createdAt: Timestamp;
  services: number;
  approvedServices: number;
  recommendedCents: number;
  approvedCents: number;
  declinedCents: number;
  firstSentAt: Timestamp | null;
  advisorId: string | null;
  firstViewedAt: Timestamp | null;
  firstDecidedAt: Timestamp | null;
}

/** One stored content, by the SHA-256 of the bytes uploaded; its files are the original and `variants`. */
export interface MediaFilesTable {
  sha256: string;
  contentType: string;
  bytes: number;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  /** JSON array of variant names stored beside the original (w320, w960, w1920, poster, h264). */
  variants: string;
  /** 1 while the copy for phones is being made. */
  processing: Flag;
  /** The variant played instead of the original; null when the original plays. */
  playable: string | null;
  /** When a worker claimed making the playable copy (a lease: another may take it once it lapses). */
  copyStartedAt: Timestamp | null;
  createdAt: Timestamp;
}

/** A photo or video of an inspection item or of a recommended service. */
export interface MediaTable {
  id: string;
  inspectionId: string;
  itemKey: string | null;
  serviceId: string | null;
  /** photo | video */
  kind: string;
  contentType: string;
  bytes: number;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  sha256: string;
  markupSha256: string | null;
  caption: string | null;
  position: number;
  capturedAt: Timestamp;
  takenBy: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  invites: InvitesTable;
  shopSettings: ShopSettingsTable;
  setupCode: SetupCodeTable;
  loginFailures: LoginFailuresTable;
  trustedDevices: TrustedDevicesTable;
  customers: CustomersTable;
  vehicles: VehiclesTable;
  inspections: InspectionsTable;
  inspectionNotes: InspectionNotesTable;
  services: ServicesTable;
  serviceParts: ServicePartsTable;
  invoices: InvoicesTable;
  invoiceLineItems: InvoiceLineItemsTable;
  emailTemplates: EmailTemplatesTable;
  idempotencyKeys: IdempotencyKeysTable;
  syncState: SyncStateTable;
  syncChanges: SyncChangesTable;
  shareSends: ShareSendsTable;
  shareViews: ShareViewsTable;
  serviceDecisions: ServiceDecisionsTable;
  deferredWork: DeferredWorkTable;
  inspectionFunnel: InspectionFunnelTable;
  inspectionDocuments: InspectionDocumentsTable;
  mediaFiles: MediaFilesTable;
  media: MediaTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type InviteRow = Selectable<InvitesTable>;
export type CustomerRow = Selectable<CustomersTable>;
export type VehicleRow = Selectable<VehiclesTable>;
export type InspectionRow = Selectable<InspectionsTable>;
export type InspectionNoteRow = Selectable<InspectionNotesTable>;
export type ServiceRow = Selectable<ServicesTable>;
export type ServicePartRow = Selectable<ServicePartsTable>;
export type InvoiceRow = Selectable<InvoicesTable>;
export type InvoiceLineItemRow = Selectable<InvoiceLineItemsTable>;
export type EmailTemplateRow = Selectable<EmailTemplatesTable>;
export type IdempotencyKeyRow = Selectable<IdempotencyKeysTable>;
export type SyncChangeRow = Selectable<SyncChangesTable>;
export type MediaRow = Selectable<MediaTable>;
export type MediaFileRow = Selectable<MediaFilesTable>;

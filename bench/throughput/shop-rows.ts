/**
 * Rows for a shop of N customers, made in blocks so 100,000 customers never sit in memory at once:
 * one vehicle per customer, two inspections each with three services of one or two parts, an
 * invoice for every fourth customer, and the change feed rows the app writes for each of them.
 * Also keeps what the load needs to vary its requests (ids, share tokens, search words).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mulberry32 } from '@shared/seeded-random';
import {
  CITIES,
  COLORS,
  COMMON_SURNAME,
  EMAIL_DOMAINS,
  FIRST_NAMES,
  INSPECTION_NOTES,
  JOBS,
  LEAKS,
  STREET_KINDS,
  STREETS,
  SURNAMES,
  VEHICLE_MODELS,
} from './names';

export type Row = (string | number | null)[];
export interface TableRows {
  table: string;
  columns: readonly string[];
  rows: Row[];
}

/** A users row with the contact columns (company name to website) empty: only the admin's carry the shop's. */
export function staffRow(id: string, username: string, email: string, hash: string, role: string, stamp: string): Row {
  return [id, username, email, hash, role, ...new Array<null>(7).fill(null), stamp, stamp];
}

export const COLUMNS = {
  users: [
    'id',
    'username',
    'email',
    'password_hash',
    'role',
    'company_name',
    'phone',
    'address',
    'city',
    'state',
    'zip_code',
    'website',
    'created_at',
    'updated_at',
  ],
  customers: ['id', 'name', 'email', 'phone', 'address', 'status', 'created_by', 'created_at', 'updated_at'],
  vehicles: [
    'id',
    'customer_id',
    'year',
    'make',
    'model',
    'vin',
    'license_plate',
    'mileage',
    'color',
    'created_by',
    'created_at',
    'updated_at',
  ],
  inspections: [
    'id',
    'customer_id',
    'vehicle_id',
    'technician_id',
    'share_token',
    'status',
    'front_left_tread',
    'front_right_tread',
    'rear_left_tread',
    'rear_right_tread',
    'front_left_brake',
    'front_right_brake',
    'rear_left_brake',
    'rear_right_brake',
    'cabin_filter_condition',
    'engine_filter_condition',
    'oil_condition',
    'oil_level',
    'coolant_level',
    'suspension_condition',
    'leaks',
    'check_engine_light',
    'diagnostic_codes',
    'notes',
    'created_at',
    'updated_at',
  ],
  services: [
    'id',
    'inspection_id',
    'description',
    'parts_link',
    'parts_cost_cents',
    'labor_cost_cents',
    'status',
    'position',
    'created_at',
    'updated_at',
  ],
  service_parts: ['id', 'service_id', 'part_name', 'part_url', 'part_cost_cents', 'position', 'created_at'],
  invoices: [
    'id',
    'inspection_id',
    'customer_id',
    'vehicle_id',
    'share_token',
    'subtotal_cents',
    'tax_cents',
    'total_cents',
    'notes',
    'status',
    'created_by',
    'created_at',
    'updated_at',
  ],
  invoice_line_items: ['id', 'invoice_id', 'description', 'amount_cents', 'created_at'],
  sync_changes: ['entity', 'entity_id', 'seq', 'deleted', 'changed_at'],
} as const;
export type TableName = keyof typeof COLUMNS;

/** Parents before children, so every block inserts in foreign-key order. */
export const TABLE_ORDER: readonly TableName[] = [
  'customers',
  'vehicles',
  'inspections',
  'services',
  'service_parts',
  'invoices',
  'invoice_line_items',
  'sync_changes',
];

export const BENCH_PASSWORD = 'bench-password';
export const BENCH_USERS = { admin: 'bench-admin', technician: 'bench-tech' } as const;

/** What the load needs to know about the seeded shop. */
export interface ShopCatalog {
  customers: number;
  customerIds: string[];
  vehicleIds: string[];
  inspectionIds: string[];
  inspectionTokens: string[];
  invoiceTokens: string[];
  /** Recommended services, one token after another, so each approval is a real decision. */
  decisions: { token: string; serviceId: string }[];
  commonSurname: string;
  /** Full names exactly one customer has. */
  uniqueNames: string[];
  /** Parts of single customers' email addresses. */
  emailFragments: string[];
  /** The last change-feed sequence number. */
  changes: number;
}

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const MAX_DECISIONS = 60_000;
/**
 * Search probes of each kind (unique names, email fragments): many of them, so that cycling through
 * them measures searches not sent just before, as an advisor looking up a customer sends them. The
 * common surname is the one search the bench sends again and again.
 */
const PROBES = 512;
const INVOICE_TAX_RATE = 80; // 8.0%, as the app charges

const shareToken = () => randomBytes(24).toString('base64url');

export class ShopRows {
  readonly catalog: ShopCatalog;
  // Seeded: the same shop for the same size, run after run.
  private readonly rand = mulberry32(13);
  private readonly now = Date.now();
  private readonly nameCounts = new Map<string, number>();
  private readonly probeCandidates: { name: string; email: string }[] = [];

  constructor(
    readonly size: number,
    private readonly adminId: string,
    private readonly technicianId: string,
  ) {
    this.catalog = {
      customers: size,
      customerIds: [],
      vehicleIds: [],
      inspectionIds: [],
      inspectionTokens: [],
      invoiceTokens: [],
      decisions: [],
      commonSurname: COMMON_SURNAME,
      uniqueNames: [],
      emailFragments: [],
      changes: 0,
    };
  }

  private pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.rand() * list.length)] as T;
  }

  private int(min: number, max: number): number {
    return min + Math.floor(this.rand() * (max - min + 1));
  }

  private at(ms: number): string {
    return new Date(Math.min(ms, this.now)).toISOString();
  }

  /** Rows for customers [start, end), table by table in foreign-key order. */
  block(start: number, end: number): TableRows[] {
    const out = Object.fromEntries(TABLE_ORDER.map((t) => [t, [] as Row[]])) as Record<TableName, Row[]>;
    const recommended: { token: string; serviceId: string }[][] = [[], [], []];
    for (let n = start; n < end; n++) this.customer(n, out, recommended);
    for (const list of recommended) {
      for (const decision of list)
        if (this.catalog.decisions.length < MAX_DECISIONS) this.catalog.decisions.push(decision);
    }
    return TABLE_ORDER.map((table) => ({ table, columns: COLUMNS[table], rows: out[table] }));
  }

  private customer(
    n: number,
    out: Record<TableName, Row[]>,
    recommended: { token: string; serviceId: string }[][],
  ): void {
    const created = this.now - 3 * YEAR_MS + Math.floor(((n + 0.5) / this.size) * 3 * YEAR_MS);
    const first = this.pick(FIRST_NAMES);
    const last = n % 100 === 7 ? COMMON_SURNAME : this.pick(SURNAMES);
    const name = `${first} ${String.fromCharCode(65 + this.int(0, 25))}. ${last}`;
    const email = `${first}.${last}${n}@${this.pick(EMAIL_DOMAINS)}`.toLowerCase();
    this.nameCounts.set(name, (this.nameCounts.get(name) ?? 0) + 1);
    // Candidates spread over the whole shop, twice as many as the probes (a name must be unique).
    const stride = Math.max(1, Math.floor(this.size / (PROBES * 2)));
    if (n % stride === stride >> 1 && this.probeCandidates.length < PROBES * 4)
      this.probeCandidates.push({ name, email });

    const customerId = randomUUID();
    const stamp = this.at(created);
    out.customers.push([
      customerId,
      name,
      email,
      `555-${String(100 + (n % 900)).padStart(3, '0')}-${String(Math.floor(n / 900) % 10_000).padStart(4, '0')}`,
      `${this.int(1, 9999)} ${this.pick(STREETS)} ${this.pick(STREET_KINDS)}, ${this.pick(CITIES)}`,
      n % 20 === 0 ? 'inactive' : 'active',
      this.adminId,
      stamp,
      stamp,
    ]);
    const [make, model] = this.pick(VEHICLE_MODELS);
    const vehicleId = randomUUID();
    out.vehicles.push([
      vehicleId,
      customerId,
      this.int(2005, 2025),
      make,
      model,
      `1BW${String(n).padStart(14, '0')}`,
      `BW${String(n).padStart(6, '0')}`,
      this.int(5_000, 220_000),
      this.pick(COLORS),
      this.adminId,
      stamp,
      stamp,
    ]);
    this.catalog.customerIds.push(customerId);
    this.catalog.vehicleIds.push(vehicleId);
    const seq = n * 4;
    out.sync_changes.push(['customer', customerId, seq + 1, 0, stamp], ['vehicle', vehicleId, seq + 2, 0, stamp]);

    const age = this.now - created;
    for (const [k, when] of [
      [0, created + age * 0.3],
      [1, created + age * 0.9],
    ] as const) {
      const latest = k === 1;
      const inspectionId = randomUUID();
      const token = shareToken();
      const at = this.at(when);
      const status = latest ? (n % 10 === 0 ? 'in_progress' : 'completed') : 'approved';
      const tread = () => this.int(20, 90);
      const brake = () => this.int(15, 110);
      const leaks = this.rand() < 0.15 ? JSON.stringify([this.pick(LEAKS)]) : '[]';
      out.inspections.push([
        inspectionId,
        customerId,
        vehicleId,
        this.technicianId,
        token,
        status,
        tread(),
        tread(),
        tread(),
        tread(),
        brake(),
        brake(),
        brake(),
        brake(),
        this.pick(['good', 'fair', 'poor']),
        this.pick(['good', 'fair', 'poor']),
        this.pick(['clean', 'slightly_dirty', 'dirty']),
        this.pick(['full', 'low']),
        this.pick(['full', 'low']),
        this.pick(['good', 'minor_wear', 'needs_attention']),
        leaks,
        this.rand() < 0.1 ? 1 : 0,
        null,
        this.pick(INSPECTION_NOTES),
        at,
        at,
      ]);
      this.catalog.inspectionIds.push(inspectionId);
      this.catalog.inspectionTokens.push(token);
      out.sync_changes.push(['inspection', inspectionId, seq + 3 + k, 0, at]);

      let approvedCents = 0;
      for (let position = 0; position < 3; position++) {
        const job = JOBS[(n * 3 + k * 5 + position * 7) % JOBS.length] ?? JOBS[0];
        if (!job) continue;
        const serviceId = randomUUID();
        const parts = job.parts.slice(0, Math.max(1, Math.min(2, job.parts.length)));
        const partsCents = parts.reduce((sum, [, cents]) => sum + cents, 0);
        const serviceStatus = latest ? 'recommended' : position === 1 ? 'declined' : 'approved';
        if (serviceStatus === 'approved') approvedCents += partsCents + job.laborCents;
        out.services.push([
          serviceId,
          inspectionId,
          job.description,
          null,
          partsCents,
          job.laborCents,
          serviceStatus,
          position,
          at,
          at,
        ]);
        parts.forEach(([partName, cents], i) =>
          out.service_parts.push([randomUUID(), serviceId, partName, null, cents, i, at]),
        );
        if (latest) recommended[position]?.push({ token, serviceId });
      }

      if (!latest && n % 4 === 1) {
        const invoiceId = randomUUID();
        const items: [string, number][] = [
          ['Shop supplies', 1250],
          ['Tyre rotation', 2500],
        ];
        const subtotal = approvedCents + items.reduce((sum, [, cents]) => sum + cents, 0);
        const tax = Math.floor((subtotal * INVOICE_TAX_RATE + 500) / 1000);
        const invoiceToken = shareToken();
        out.invoices.push([
          invoiceId,
          inspectionId,
          customerId,
          vehicleId,
          invoiceToken,
          subtotal,
          tax,
          subtotal + tax,
          'Thank you for your business.',
          n % 8 === 1 ? 'paid' : 'sent',
          this.adminId,
          at,
          at,
        ]);
        for (const [description, cents] of items)
          out.invoice_line_items.push([randomUUID(), invoiceId, description, cents, at]);
        this.catalog.invoiceTokens.push(invoiceToken);
      }
    }
    this.catalog.changes = seq + 4;
  }

  /** Picks the search probes once every customer is made (a name is unique only then). */
  finish(): ShopCatalog {
    for (const { name, email } of this.probeCandidates) {
      if (this.catalog.uniqueNames.length < PROBES && this.nameCounts.get(name) === 1)
        this.catalog.uniqueNames.push(name);
      // "nguyen1207@": the surname and number before the @ (the number keeps it to one customer).
      if (this.catalog.emailFragments.length < PROBES)
        this.catalog.emailFragments.push(email.slice(email.indexOf('.') + 1, email.indexOf('@') + 1));
    }
    return this.catalog;
  }

  /** The shop's staff: an admin (with the shop's contact details) and a technician. */
  users(passwordHash: string): TableRows {
    const stamp = this.at(this.now - 3 * YEAR_MS);
    return {
      table: 'users',
      columns: COLUMNS.users,
      rows: [
        [
          this.adminId,
          BENCH_USERS.admin,
          'bench-admin@baywise.test',
          passwordHash,
          'admin',
          'Bench Auto Care',
          '555-010-0100',
          '100 Garage Way',
          'Springfield',
          'IL',
          '62701',
          null,
          stamp,
          stamp,
        ],
        staffRow(
          this.technicianId,
          BENCH_USERS.technician,
          'bench-tech@baywise.test',
          passwordHash,
          'technician',
          stamp,
        ),
      ],
    };
  }
}

import type { InvoiceStatus } from '@shared/constants';
import { formatCents } from '@shared/money';
import type { Inspection } from '@shared/schemas/inspection';
import { publicInvoiceInspectionResponse, publicInvoiceResponse } from '@shared/schemas/invoice';
import type { Db } from '@api/db/database';
import type { InvoiceRow } from '@api/db/tables';
import { notFound } from '@api/lib/http-error';
import { jsonBytes, JsonText } from '@api/lib/json-text';
import { isShareToken } from '@api/lib/tokens';
import { serializerFor } from '@api/plugins/serializer';
import { currentInspection } from '@api/modules/inspections/inspection-documents';
import {
  sharePageTail,
  toPublicFindings,
  toPublicService,
  toPublicVehicle,
  type DecideSharedService,
} from './public-view';
import { findInvoicePageByToken, type InvoicePageRow } from './public-invoice.repository';
import { sharePageMedia } from './share-page.repository';
import type { MediaView } from '@api/modules/media/media.repository';
import { toInvoiceMedia } from './public-invoice-media.service';
import { decideRecommendedService } from '@api/modules/inspections/service.service';
import { receiptFigures, serviceCentsOf } from '@shared/invoice-totals';
import * as repo from '@api/modules/invoices/invoice.repository';
import { INVOICE_NOT_FOUND } from '@api/modules/invoices/invoice.service';
import { assertShareLinkAlive } from '@api/modules/inspections/share-link';

async function invoiceByToken(db: Db, token: string, now: number): Promise<InvoiceRow> {
  const row = isShareToken(token) ? await repo.findInvoiceByToken(db, token) : undefined;
  if (!row) throw notFound(INVOICE_NOT_FOUND);
  assertShareLinkAlive(row, now);
  return row;
}

// The receipt is written in parts with the writers of its own schema: the fields before its
// inspection's findings, the findings, the fields after them, and the share page's tail.
const writeFindings = serializerFor(publicInvoiceInspectionResponse);
const writeBefore = serializerFor(
  publicInvoiceResponse.pick({
    id: true,
    status: true,
    notes: true,
    createdAt: true,
    subtotal: true,
    tax: true,
    total: true,
    customer: true,
    vehicle: true,
  }),
);
const writeAfter = serializerFor(publicInvoiceResponse.pick({ lineItems: true, receipt: true }));

/** What a receipt takes from its inspection's answer. */
function receiptPartsOf(inspection: Inspection) {
  return {
    findings: writeFindings(toPublicFindings(inspection)),
    customer: inspection.customer,
    vehicle: inspection.vehicle,
    services: serviceCentsOf(inspection.services),
  };
}

const inner = (json: string) => json.slice(1, -1);

/** The receipt page's answer: its statement, its inspection when it has one, and its media when there are some. */
export async function getPublicInvoice(db: Db, token: string, now: number): Promise<Buffer> {
  const read = isShareToken(token) ? await findInvoicePageByToken(db, token) : undefined;
  if (!read) throw notFound(INVOICE_NOT_FOUND);
  assertShareLinkAlive(read.life, now);
  const media = await sharePageMedia(db, read);
  return jsonBytes(await writeReceipt(db, token, read.page, media));
}

/** The receipt as JSON text. */
async function writeReceipt(
  db: Db,
  token: string,
  found: InvoicePageRow,
  media: readonly MediaView[],
): Promise<JsonText> {
  const { invoice, lineItems } = found;
  const inspection = invoice.inspectionId ? await currentInspection(db, invoice.inspectionId) : undefined;
  const part = inspection && receiptPartsOf(inspection);
  // The inspection brought its customer and vehicle along: read them again only when they differ.
  const ownCustomer = part !== undefined && part.customer.id === invoice.customerId;
  const ownVehicle = part !== undefined && part.vehicle.id === invoice.vehicleId;
  const customer = ownCustomer ? part.customer : (await repo.customersByIds(db, [invoice.customerId]))[0];
  const vehicle = !invoice.vehicleId
    ? undefined
    : ownVehicle
      ? part.vehicle
      : (await repo.vehiclesByIds(db, [invoice.vehicleId]))[0];
  // The customer's delete takes its invoices along, so a missing one means the invoice is gone.
  if (!customer) throw notFound(INVOICE_NOT_FOUND);
  const before = writeBefore({
    id: invoice.id,
    status: invoice.status as InvoiceStatus,
    notes: invoice.notes,
    createdAt: invoice.createdAt,
    subtotal: formatCents(invoice.subtotalCents),
    tax: formatCents(invoice.taxCents),
    total: formatCents(invoice.totalCents),
    customer: { name: customer.name, email: customer.email, phone: customer.phone },
    vehicle: vehicle ? toPublicVehicle(vehicle) : null,
  });
  const after = writeAfter({
    lineItems: lineItems.map((item) => ({ id: item.id, description: item.description, amount: formatCents(item.amountCents) })),
    receipt: receiptFigures(
      part?.services ?? serviceCentsOf([]),
      lineItems.map((item) => item.amountCents),
    ),
  });
  const tail = sharePageTail(
    found,
    media.map((m) => toInvoiceMedia(m, token)),
    part !== undefined,
  );
  return new JsonText(
    `{${inner(before)},"inspection":`,
    part?.findings ?? 'null',
    `,${inner(after)},${tail}}`,
  );
}

/** The customer's approve or decline, limited to the services of this invoice's inspection. */
export const decidePublicInvoiceService: DecideSharedService = async (db, token, serviceId, status, from, now) => {
  const invoice = await invoiceByToken(db, token, now);
  if (!invoice.inspectionId) throw notFound('Service not found');
  const service = await decideRecommendedService(db, { inspectionId: invoice.inspectionId, serviceId, status, ...from });
  return toPublicService(service);
};

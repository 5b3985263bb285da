import type { InvoiceStatus } from '@shared/constants';
import { formatCents } from '@shared/money';
import type { PublicInvoice } from '@shared/schemas/invoice';
import type { Db } from '@api/db/database';
import type { InvoiceRow } from '@api/db/tables';
import { notFound } from '@api/lib/http-error';
import { isShareToken } from '@api/lib/tokens';
import { inspectionsByIds } from '@api/modules/inspections/inspection-documents';
import { shopContact, toPublicFindings, toPublicService, toPublicVehicle, type DecideSharedService } from './public-view';
import { signatureRequired } from '@api/modules/decisions/decision.service';
import { findInspectionMedia } from '@api/modules/media/media.repository';
import { toInvoiceMedia } from './public-invoice-media.service';
import { decideRecommendedService } from '@api/modules/inspections/service.service';
import { receiptFigures, serviceCentsOf } from '@shared/invoice-totals';
import * as repo from '@api/modules/invoices/invoice.repository';
import { INVOICE_NOT_FOUND } from '@api/modules/invoices/invoice.service';

async function invoiceByToken(db: Db, token: string): Promise<InvoiceRow> {
  const row = isShareToken(token) ? await repo.findInvoiceByToken(db, token) : undefined;
  if (!row) throw notFound(INVOICE_NOT_FOUND);
  return row;
}

export async function getPublicInvoice(db: Db, token: string): Promise<PublicInvoice> {
  const row = await invoiceByToken(db, token);
  const [[inspection], lineItems, shop, signature, media] = await Promise.all([
    inspectionsByIds(db, row.inspectionId ? [row.inspectionId] : []),
    repo.lineItemsByInvoiceIds(db, [row.id]),
    shopContact(db),
    row.inspectionId ? signatureRequired(db, row.inspectionId) : false,
    row.inspectionId ? findInspectionMedia(db, row.inspectionId) : [],
  ]);
  // The inspection brought its customer and vehicle along: read them again only when they differ.
  const [[customer], [vehicle]] = await Promise.all([
    inspection?.customer.id === row.customerId ? [inspection.customer] : repo.customersByIds(db, [row.customerId]),
    !row.vehicleId ? [] : inspection?.vehicle.id === row.vehicleId ? [inspection.vehicle] : repo.vehiclesByIds(db, [row.vehicleId]),
  ]);
  // The customer's delete takes its invoices along, so a missing one means the invoice is gone.
  if (!customer) throw notFound(INVOICE_NOT_FOUND);
  const services = serviceCentsOf(inspection?.services ?? []);
  return {
    id: row.id,
    status: row.status as InvoiceStatus,
    notes: row.notes,
    createdAt: row.createdAt,
    subtotal: formatCents(row.subtotalCents),
    tax: formatCents(row.taxCents),
    total: formatCents(row.totalCents),
    customer: { name: customer.name, email: customer.email, phone: customer.phone },
    vehicle: vehicle ? toPublicVehicle(vehicle) : null,
    inspection: inspection ? toPublicFindings(inspection) : null,
    lineItems: lineItems.map((item) => ({
      id: item.id,
      description: item.description,
      amount: formatCents(item.amountCents),
    })),
    receipt: receiptFigures(
      services,
      lineItems.map((item) => item.amountCents),
    ),
    signatureRequired: signature,
    shop,
    media: media.map((m) => toInvoiceMedia(m, token)),
  };
}

/** The customer's approve or decline, limited to the services of this invoice's inspection. */
export const decidePublicInvoiceService: DecideSharedService = async (db, token, serviceId, status, from) => {
  const invoice = await invoiceByToken(db, token);
  if (!invoice.inspectionId) throw notFound('Service not found');
  const service = await decideRecommendedService(db, { inspectionId: invoice.inspectionId, serviceId, status, ...from });
  return toPublicService(service);
};

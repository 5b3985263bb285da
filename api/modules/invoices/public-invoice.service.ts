import type { InvoiceStatus } from '../../../shared/constants';
import { formatCents } from '../../../shared/money';
import type { Inspection, PublicService, Service, ShopContact } from '../../../shared/schemas/inspection';
import type { PublicInvoice } from '../../../shared/schemas/invoice';
import type { Db } from '../../db/database';
import type { InvoiceRow } from '../../db/tables';
import { notFound } from '../../lib/http-error';
import { getInspectionsByIds } from '../inspections/inspection.service';
import { decideRecommendedService } from '../services/service.service';
import { receiptFigures, serviceCentsByStatus } from './invoice-totals';
import * as repo from './invoice.repository';
import { INVOICE_NOT_FOUND } from './invoice.service';

// Share tokens are base64url; anything else cannot match, so it is not looked up.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

async function invoiceByToken(db: Db, token: string): Promise<InvoiceRow> {
  const row = TOKEN_SHAPE.test(token) ? await repo.findInvoiceByToken(db, token) : undefined;
  if (!row) throw notFound(INVOICE_NOT_FOUND);
  return row;
}

export function toPublicService(service: Service): PublicService {
  return {
    id: service.id,
    description: service.description,
    partsCost: service.partsCost,
    laborCost: service.laborCost,
    status: service.status,
    parts: service.parts.map((p) => ({ id: p.id, partName: p.partName, partUrl: p.partUrl, partCost: p.partCost })),
  };
}

/** Only what the receipt and invoice pages show: no ids of people, tokens or staff emails. */
function toPublicInspection(i: Inspection): NonNullable<PublicInvoice['inspection']> {
  return {
    id: i.id,
    createdAt: i.createdAt,
    status: i.status,
    technician: i.technician ? { username: i.technician.username } : null,
    frontLeftTread: i.frontLeftTread,
    frontRightTread: i.frontRightTread,
    rearLeftTread: i.rearLeftTread,
    rearRightTread: i.rearRightTread,
    frontLeftBrake: i.frontLeftBrake,
    frontRightBrake: i.frontRightBrake,
    rearLeftBrake: i.rearLeftBrake,
    rearRightBrake: i.rearRightBrake,
    cabinFilterCondition: i.cabinFilterCondition,
    engineFilterCondition: i.engineFilterCondition,
    oilCondition: i.oilCondition,
    oilLevel: i.oilLevel,
    coolantLevel: i.coolantLevel,
    suspensionCondition: i.suspensionCondition,
    leaks: i.leaks,
    checkEngineLight: i.checkEngineLight,
    diagnosticCodes: i.diagnosticCodes,
    notes: i.notes,
    services: i.services.map(toPublicService),
    inspectionNotes: i.inspectionNotes.map((n) => ({ id: n.id, note: n.note, createdAt: n.createdAt })),
  };
}

const NO_SHOP: ShopContact = {
  companyName: null,
  phone: null,
  email: null,
  address: null,
  city: null,
  state: null,
  zipCode: null,
  website: null,
};

export async function getPublicInvoice(db: Db, token: string): Promise<PublicInvoice> {
  const row = await invoiceByToken(db, token);
  const [customers, vehicles, lineItems, inspections, services, shop] = await Promise.all([
    repo.customersByIds(db, [row.customerId]),
    repo.vehiclesByIds(db, row.vehicleId ? [row.vehicleId] : []),
    repo.lineItemsByInvoiceIds(db, [row.id]),
    getInspectionsByIds(db, row.inspectionId ? [row.inspectionId] : []),
    serviceCentsByStatus(db, row.inspectionId),
    repo.findShopAdmin(db),
  ]);
  const customer = customers[0];
  // The customer's delete takes its invoices along, so a missing one means the invoice is gone.
  if (!customer) throw notFound(INVOICE_NOT_FOUND);
  const vehicle = vehicles[0];
  const inspection = inspections[0];
  return {
    id: row.id,
    status: row.status as InvoiceStatus,
    notes: row.notes,
    createdAt: row.createdAt,
    subtotal: formatCents(row.subtotalCents),
    tax: formatCents(row.taxCents),
    total: formatCents(row.totalCents),
    customer: { name: customer.name, email: customer.email, phone: customer.phone },
    vehicle: vehicle
      ? {
          year: vehicle.year,
          make: vehicle.make,
          model: vehicle.model,
          vin: vehicle.vin,
          licensePlate: vehicle.licensePlate,
          mileage: vehicle.mileage,
        }
      : null,
    inspection: inspection ? toPublicInspection(inspection) : null,
    lineItems: lineItems.map((item) => ({
      id: item.id,
      description: item.description,
      amount: formatCents(item.amountCents),
    })),
    receipt: receiptFigures(
      services,
      lineItems.map((item) => item.amountCents),
    ),
    shop: shop ?? NO_SHOP,
  };
}

/** The customer's approve or decline, limited to the services of this invoice's inspection. */
export async function decidePublicInvoiceService(
  db: Db,
  token: string,
  serviceId: string,
  status: 'approved' | 'declined',
): Promise<PublicService> {
  const invoice = await invoiceByToken(db, token);
  if (!invoice.inspectionId) throw notFound('Service not found');
  const service = await decideRecommendedService(db, { inspectionId: invoice.inspectionId, serviceId, status });
  return toPublicService(service);
}

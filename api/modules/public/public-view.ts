import type {
  Inspection,
  PublicFindings,
  PublicService,
  PublicVehicle,
  Service,
  ShopContact,
} from '@shared/schemas/inspection';
import type { VehicleSummary } from '@shared/schemas/vehicle';
import type { PublicApproveBody } from '@shared/schemas/decision';
import { shopContactResponse } from '@shared/schemas/inspection';
import { publicMediaResponse, type PublicMedia } from '@shared/schemas/media';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '@api/db/database';
import { HttpError } from '@api/lib/http-error';
import { sendJsonWithEtag } from '@api/lib/etag';
import type { TargetKind } from '@api/modules/sends/send.repository';
import { withViewRecorded } from '@api/modules/sends/share-views';
import { httpErrorBody } from '@api/plugins/errors';
import { serializerFor } from '@api/plugins/serializer';
import { signatureNeeded } from '@api/modules/decisions/decision.service';
import { signatureModeOf } from '@api/modules/shop-settings/shop-settings.service';
import { NO_SHOP, type SharePageRow } from './share-page.repository';
import type { ShareClient } from '@api/modules/inspections/service.service';
import { findShopContact } from '@api/modules/users/user.repository';

// What the share pages may see of the shop's data, in one place for the report and the receipt.

/** A share page's decision on one of its services, found through the page's token. */
export type DecideSharedService = (
  db: Db,
  token: string,
  serviceId: string,
  status: 'approved' | 'declined',
  from: { client: ShareClient; body?: PublicApproveBody },
  /** The moment of the request (the app's clock): an expired link decides nothing. */
  now: number,
) => Promise<PublicService>;

/** The share page's client for the decision record: its address (TRUST_PROXY applies) and browser. */
export function shareClient(request: FastifyRequest): { address: string | null; userAgent: string | null } {
  const agent = request.headers['user-agent'];
  return { address: request.ip || null, userAgent: agent ? agent.slice(0, 500) : null };
}

export function toPublicService(service: Service): PublicService {
  return {
    id: service.id,
    description: service.description,
    partsCost: service.partsCost,
    laborCost: service.laborCost,
    status: service.status,
    needsReapproval: service.needsReapproval,
    approvedAmount: service.approvedAmount,
    parts: service.parts.map((p) => ({ id: p.id, partName: p.partName, partUrl: p.partUrl, partCost: p.partCost })),
  };
}

export function toPublicVehicle(vehicle: VehicleSummary): PublicVehicle {
  return {
    year: vehicle.year,
    make: vehicle.make,
    model: vehicle.model,
    licensePlate: vehicle.licensePlate,
    vin: vehicle.vin,
    mileage: vehicle.mileage,
  };
}

/** The findings without people's ids, share tokens or staff emails. */
export function toPublicFindings(i: Inspection): PublicFindings {
  return {
    id: i.id,
    status: i.status,
    createdAt: i.createdAt,
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

const writeShop = serializerFor(shopContactResponse);
const writeMedia = serializerFor(z.array(publicMediaResponse));

/**
 * The fields every share page's answer ends with (the last three of its schema: signatureRequired,
 * shop, media) as JSON text without braces: the page writes what comes before and adds these. A
 * page without an inspection has nothing to approve, so it asks for no signature.
 */
export function sharePageTail(page: SharePageRow, media: readonly PublicMedia[], hasInspection = true): string {
  const signature =
    hasInspection && signatureNeeded(signatureModeOf(page.approvalSignature), page.customerApproved);
  return `"signatureRequired":${signature},"shop":${writeShop(page.shop)},"media":${writeMedia(media)}`;
}

/** The contact block: the earliest-created admin's settings, all null when there is no admin. */
export async function shopContact(db: Db): Promise<ShopContact> {
  return (await findShopContact(db)) ?? NO_SHOP;
}

/**
 * A share page's data, or its 404 with the shop's contact added: a customer with a dead or mangled
 * link can still call the shop. The contact is the same for every token, so it tells nothing about
 * whether a token exists or whose it was.
 */
export async function orShareNotFound<T>(db: Db, reply: FastifyReply, load: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await load();
  } catch (err) {
    if (!(err instanceof HttpError) || err.statusCode !== 404) throw err;
    return reply.code(404).send({ ...httpErrorBody(err), shop: await shopContact(db) });
  }
}

/**
 * A share page's GET: its answer (its JSON's bytes) with its `ETag` (a 304 when the client holds it
 * already), with the customer's view recorded, or its 404 with the shop's contact.
 */
export async function sendSharePage(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  view: { kind: TargetKind; token: string; now: number },
  load: () => Promise<Buffer>,
): Promise<FastifyReply> {
  const page = await orShareNotFound(db, reply, () => withViewRecorded(db, request, view, load));
  return Buffer.isBuffer(page) ? sendJsonWithEtag(request, reply, page) : page;
}

import type { FastifyReply } from 'fastify';
import { errorResponse } from '@shared/schemas/common';

/** The error answers a route declares, each with the one error body: `...errorsFor(400, 401, 404)`. */
export function errorsFor<const C extends number>(...codes: C[]): Record<C, typeof errorResponse> {
  return Object.fromEntries(codes.map((code) => [code, errorResponse])) as Record<C, typeof errorResponse>;
}

/** Answers 201 with what the write made. */
export async function created<T>(reply: FastifyReply, write: Promise<T>): Promise<T> {
  const made = await write;
  reply.status(201);
  return made;
}

/**
 * Answers 204 with no body once the write is done. Status, then return (no send): an idempotent
 * write answers only after its transaction commits.
 */
export async function noContent(reply: FastifyReply, write: Promise<unknown>): Promise<null> {
  await write;
  reply.status(204);
  return null;
}

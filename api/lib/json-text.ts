import type { FastifyReply } from 'fastify';

/** An answer already written as JSON (a stored document, api/modules/inspections/inspection-documents.ts). */
export class JsonText {
  constructor(readonly text: string) {}
}

/** Sends the text as it is: a string with a JSON type is not serialized again. */
export function sendJsonText(reply: FastifyReply, json: JsonText): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json.text);
}

import type { FastifyReply } from 'fastify';

/** An answer already written as JSON (a stored document, api/modules/inspections/inspection-documents.ts). */
export class JsonText {
  constructor(readonly text: string) {}
}

/** One JSON array of answers already written as JSON texts, in their order. */
export function jsonArrayText(texts: readonly string[]): JsonText {
  return new JsonText(`[${texts.join(',')}]`);
}

/** Sends the text as it is: a string with a JSON type is not serialized again. */
export function sendJsonText(reply: FastifyReply, json: JsonText): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json.text);
}

/**
 * The same text as one string in one piece. V8 keeps a string built with `+` (as the schemas' writers
 * build theirs) as a tree of its pieces, and every answer that contains such a text walks the whole
 * tree again to write it: a receipt's findings were ~220 pieces, and 1,000 kept receipts held ~7 MB
 * of them. A text kept to be written into many answers is made whole once, where it is kept.
 */
export function inOnePiece(text: string): string {
  // Written as a JSON string and read back: a new string, made in one piece, with every UTF-16
  // code unit as it was (a lone surrogate too).
  return JSON.parse(JSON.stringify(text)) as string;
}

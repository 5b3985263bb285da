import type { FastifyReply } from 'fastify';

/**
 * An answer already written as JSON (a stored document, api/modules/inspections/inspection-documents.ts),
 * kept as the pieces it was put together from: `sendJsonText` encodes a large one piece by piece
 * into the body's bytes, without joining them into one string first.
 */
export class JsonText {
  readonly parts: readonly string[];

  constructor(...parts: string[]) {
    this.parts = parts;
  }

  /** The whole text as one string (a small answer is sent so; checks and tests read it too). */
  get text(): string {
    return this.parts.join('');
  }
}

/** One JSON array of answers already written as JSON texts, in their order. */
export function jsonArrayText(texts: readonly string[]): JsonText {
  const parts = ['['];
  for (const [i, text] of texts.entries()) {
    if (i > 0) parts.push(',');
    parts.push(text);
  }
  parts.push(']');
  return new JsonText(...parts);
}

/**
 * The text's UTF-8 bytes, each piece encoded once straight into one buffer. Sent as a string, a
 * page's text was copied whole three more times on V8's heap: joined, then made flat for its
 * `Content-Length` (`Buffer.byteLength`), then again with the header Node puts in front of a string
 * body before encoding it for the socket. A buffer is sent as it is, beside the header.
 */
export function jsonBytes(json: JsonText): Buffer {
  let size = 0;
  for (const part of json.parts) {
    // A piece ending in half of a surrogate pair would be encoded as a replacement character on
    // its own: such a text is encoded whole.
    if (endsInHighSurrogate(part)) return Buffer.from(json.text, 'utf8');
    size += Buffer.byteLength(part);
  }
  // Every byte is written below: the unfilled buffer never leaks old memory.
  const bytes = Buffer.allocUnsafe(size);
  let at = 0;
  for (const part of json.parts) at += bytes.write(part, at, 'utf8');
  if (at !== size) throw new Error(`JSON text encoded to ${at} bytes, ${size} counted`);
  return bytes;
}

function endsInHighSurrogate(text: string): boolean {
  const last = text.charCodeAt(text.length - 1);
  return last >= 0xd800 && last <= 0xdbff;
}

/**
 * Below this many UTF-16 code units an answer is sent as one string: its copies cost little, and a
 * buffer larger than Node's 4 KB pool is an allocation of its own that the collector must free.
 */
export const BYTES_FROM = 16 * 1024;

/**
 * Sends the text as it is: a JSON text is not serialized again. A large one is sent as its bytes,
 * and so are bytes already made.
 */
export function sendJsonText(reply: FastifyReply, json: JsonText | Buffer): FastifyReply {
  if (Buffer.isBuffer(json)) return reply.type('application/json; charset=utf-8').send(json);
  let length = 0;
  for (const part of json.parts) length += part.length;
  const body = length < BYTES_FROM ? json.text : jsonBytes(json);
  return reply.type('application/json; charset=utf-8').send(body);
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

import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Inspection } from '@shared/schemas/inspection';
import { isPostgres, type Db } from '@api/db/database';
import { inUnflushedTransaction } from '@api/db/transaction';
import { serializeInspection } from './inspection-document.format';
import * as repo from './inspection-document.repository';
import { JsonText } from '@api/lib/json-text';
import { getInspectionsByIds, inspectionNotFound } from './inspection-assembly';

/**
 * Inspection documents (the read model, docs/performance.md): each inspection's JSON as the detail
 * call writes it, kept in `inspection_documents`. A read sends the stored text when there is one;
 * else it builds the answer from the rows as before and the keeper stores it in the background.
 * Every change to a row a document is made of clears it in the same transaction (database
 * triggers), so a stored document is never older than the rows.
 */

/** How often the keeper looks for documents to build when no read asked for one. */
const SWEEP_EVERY_MS = 60_000;
/** How soon after a read that had to build a document the keeper stores it. */
const AFTER_MISS_MS = 200;

interface Keeper {
  log: FastifyBaseLogger | undefined;
  started: boolean;
  stopped: boolean;
  timer: NodeJS.Timeout | undefined;
  sweep: NodeJS.Timeout | undefined;
  running: Promise<void> | undefined;
  again: boolean;
  /** Whether this process has cleared the documents of another format yet. */
  formatsChecked: boolean;
}

// Per database: a transaction shares its database's adapter.
const keepers = new WeakMap<object, Keeper>();

function keeperOf(db: Db): Keeper {
  const adapter = db.getExecutor().adapter;
  let keeper = keepers.get(adapter);
  if (!keeper) {
    keeper = {
      log: undefined,
      started: false,
      stopped: false,
      timer: undefined,
      sweep: undefined,
      running: undefined,
      again: false,
      formatsChecked: false,
    };
    keepers.set(adapter, keeper);
  }
  return keeper;
}

/**
 * Stores the documents of these rows (their versions read before the rows), built from the rows now;
 * only those still current are kept. On SQLite in one
 * transaction; on PostgreSQL each in its own, so the keeper never holds one document's row lock
 * while it waits for another's (no lock cycle with a write clearing several).
 */
async function buildAndStore(db: Db, rows: readonly repo.DocumentRow[]): Promise<void> {
  if (rows.length === 0) return;
  const texts = new Map(
    (
      await getInspectionsByIds(
        db,
        rows.map((r) => r.inspectionId),
      )
    ).map((inspection) => [inspection.id, serializeInspection(inspection)]),
  );
  const current = rows.flatMap((row) => {
    const text = texts.get(row.inspectionId);
    return text === undefined ? [] : [{ ...row, text }];
  });
  const store = (trx: Db, doc: (typeof current)[number]) =>
    repo.storeDocument(trx, doc.inspectionId, doc.version, doc.text);
  if (isPostgres(db)) {
    for (const doc of current) await inUnflushedTransaction(db, (trx) => store(trx, doc));
    return;
  }
  await inUnflushedTransaction(db, async (trx) => {
    for (const doc of current) await store(trx, doc);
  });
}

/**
 * Builds every document without a body, a batch per transaction, yielding to requests between
 * batches. First (unless told otherwise) clears the bodies of another format, which only a new
 * version of the server makes: the keeper does that on its first pass only.
 */
export async function buildMissingDocuments(
  db: Db,
  stopped: () => boolean = () => false,
  { otherFormats = true }: { otherFormats?: boolean } = {},
): Promise<number> {
  if (otherFormats) await repo.clearOtherShapes(db);
  let built = 0;
  let after = '';
  while (!stopped()) {
    const rows = await repo.findDocumentsToBuild(db, after);
    await buildAndStore(db, rows);
    built += rows.length;
    if (rows.length < repo.BUILD_BATCH) break;
    after = rows.at(-1)!.inspectionId;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return built;
}

function runKeeper(db: Db, keeper: Keeper): void {
  keeper.timer = undefined;
  if (keeper.stopped) return;
  if (keeper.running) {
    keeper.again = true;
    return;
  }
  const otherFormats = !keeper.formatsChecked;
  keeper.running = buildMissingDocuments(db, () => keeper.stopped, { otherFormats })
    .then(() => {
      keeper.formatsChecked = true;
    })
    .catch((err: unknown) => keeper.log?.warn({ err }, 'inspection documents not stored'))
    .finally(() => {
      keeper.running = undefined;
      if (keeper.again) {
        keeper.again = false;
        schedule(db, keeper, AFTER_MISS_MS);
      }
    });
}

function schedule(db: Db, keeper: Keeper, delayMs: number): void {
  if (!keeper.started || keeper.stopped || keeper.timer) return;
  keeper.timer = setTimeout(() => runKeeper(db, keeper), delayMs);
  keeper.timer.unref();
}

/**
 * Starts storing documents for this database in the background: those missing now (after an
 * upgrade, or a restore), those a read had to build, and every minute those cleared by writes.
 */
export function startDocumentKeeper(db: Db, log: FastifyBaseLogger): void {
  const keeper = keeperOf(db);
  if (keeper.started && !keeper.stopped) return;
  keeper.log = log;
  keeper.started = true;
  keeper.stopped = false;
  schedule(db, keeper, 0);
  keeper.sweep = setInterval(() => schedule(db, keeper, 0), SWEEP_EVERY_MS);
  keeper.sweep.unref();
}

/** Stops the keeper and waits for the batch it is storing. */
export async function stopDocumentKeeper(db: Db): Promise<void> {
  const keeper = keeperOf(db);
  keeper.stopped = true;
  clearTimeout(keeper.timer);
  clearInterval(keeper.sweep);
  keeper.timer = undefined;
  await keeper.running;
}

/**
 * The answers of these document rows (read first, by the caller's own statement) as JSON text, by
 * inspection id: the stored body where there is one, else built from the rows; `ids` without a
 * document row are built too (an unknown id is left out). A body built here is stored soon by the
 * keeper.
 */
export async function textsOf(
  db: Db,
  rows: readonly repo.DocumentRow[],
  ids: readonly string[],
): Promise<Map<string, string>> {
  const keeper = keeperOf(db);
  const texts = new Map<string, string>();
  for (const row of rows) if (row.body !== null) texts.set(row.inspectionId, row.body);
  const toBuild = ids.filter((id) => !texts.has(id));
  if (toBuild.length === 0) return texts;
  const built = new Map(
    (await getInspectionsByIds(db, toBuild)).map((inspection) => [inspection.id, serializeInspection(inspection)]),
  );
  for (const [id, text] of built) texts.set(id, text);
  // Stored by the keeper, which reads the rows again: inside a transaction those read here may never commit.
  if (rows.some((row) => row.body === null)) schedule(db, keeper, AFTER_MISS_MS);
  return texts;
}

/**
 * The answers of these inspections as JSON text, by id (unknown ids are left out): the stored
 * document where there is one, else built from the rows.
 */
export async function inspectionTexts(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  return textsOf(db, await repo.findDocuments(db, ids), ids);
}

/** One inspection's answer as JSON text (`GET /api/inspections/:id`); 404 when there is no such inspection. */
export async function getInspectionText(db: Db, id: string): Promise<JsonText> {
  const text = (await inspectionTexts(db, [id])).get(id);
  if (text === undefined) throw inspectionNotFound();
  return new JsonText(text);
}

/** `getInspectionsByIds` read from the stored documents where there are some (in the order of `ids`). */
export async function inspectionsByIds(db: Db, ids: readonly string[]): Promise<Inspection[]> {
  const texts = await inspectionTexts(db, ids);
  return [...new Set(ids)].flatMap((id) => {
    const text = texts.get(id);
    return text === undefined ? [] : [JSON.parse(text) as Inspection];
  });
}

/**
 * One inspection's answer as JSON text, from its document row (read first): the stored body, else
 * built from the rows; undefined once the inspection is gone.
 */
async function documentText(db: Db, row: repo.DocumentRow): Promise<string | undefined> {
  return (await textsOf(db, [row], [row.inspectionId])).get(row.inspectionId);
}

/**
 * An inspection as its answer is now (a share page's part of one): the stored document when there
 * is one, else built from the rows; undefined once the inspection is gone.
 */
export async function currentInspection(db: Db, inspectionId: string): Promise<Inspection | undefined> {
  const [document = { inspectionId, version: 0, body: null }] = await repo.findDocuments(db, [inspectionId]);
  const text = await documentText(db, document);
  return text === undefined ? undefined : (JSON.parse(text) as Inspection);
}

/** The app's keeper: storing documents in the background (with upkeep on). */
export function keepInspectionDocuments(app: FastifyInstance, db: Db): void {
  if (!app.runsUpkeep) return;
  app.addHook('onReady', async () => startDocumentKeeper(db, app.log));
  app.addHook('onClose', async () => stopDocumentKeeper(db));
}

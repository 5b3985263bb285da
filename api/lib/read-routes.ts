import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '@shared/schemas/common';
import type { Db } from '@api/db/database';
import { JsonText, sendJsonText } from './json-text';
import { sendPage, sendTextPage, type ListPage, type TextPage } from './list';
import { errorsFor } from './replies';

/** How an entity's rows are read: a page of a filtered list, and one row by id (404 when unknown). */
export interface EntityReads<Query extends z.ZodType, Item extends z.ZodType> {
  query: Query;
  item: Item;
  /** A page of rows, or of their JSON texts written as one array (sent as it is). */
  list: (db: Db, query: z.output<Query>) => Promise<ListPage<z.output<Item>> | TextPage>;
  /** The row's answer, or its JSON text when it is stored written (sent as it is). */
  get: (db: Db, id: string) => Promise<z.output<Item> | JsonText>;
}

/** Registers `GET <path>` (a page of rows, its total in headers) and `GET <path>/:id` for every signed-in role. */
export function readRoutes<Query extends z.ZodType, Item extends z.ZodType>(
  fastify: FastifyInstance,
  path: string,
  reads: EntityReads<Query, Item>,
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Widened for the route's own typing: EntityReads already ties the row to the schema at each call.
  const item: z.ZodType = reads.item;
  app.get(
    path,
    { schema: { querystring: reads.query, response: { 200: z.array(reads.item), ...errorsFor(400, 401) } } },
    async (request, reply) => {
      const page = await reads.list(app.db, request.query as z.output<Query>);
      if (!(page.items instanceof JsonText)) return sendPage(reply, page as ListPage<z.output<Item>>);
      return sendTextPage(reply, page as TextPage);
    },
  );
  app.get(
    `${path}/:id`,
    { schema: { params: idParams, response: { 200: item, ...errorsFor(400, 401, 404) } } },
    async (request, reply) => {
      const item = await reads.get(app.db, request.params.id);
      return item instanceof JsonText ? sendJsonText(reply, item) : item;
    },
  );
}

import { createHash } from 'node:crypto';
import { z } from 'zod';
import { customerResponse } from '@shared/schemas/customer';
import { vehicleResponse } from '@shared/schemas/vehicle';

/**
 * Raise when what a feed item holds changes without the answers' schemas changing (a field written
 * differently by the statements that write items, or another rule for an inspection's time in the
 * window): the items written before are then forgotten and written again.
 */
const MAPPING_VERSION = 1;

/**
 * The format of the change feed's items (`sync_changes.item`, written by `fillPageItems`): the
 * customer's and vehicle's answer schemas and the mapping's version. `sync_state.item_shape` names
 * the format the stored items are in; a page that finds another one forgets them all first.
 */
export const ITEM_SHAPE = createHash('sha256')
  .update(
    `${MAPPING_VERSION}:${JSON.stringify(
      [customerResponse, vehicleResponse].map((schema) =>
        z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }),
      ),
    )}`,
  )
  .digest('base64url')
  .slice(0, 22);

import { NOTIFICATION_KINDS, transactionEventKindSchema, transactionPrefixSchema } from '@bo/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/database';
import type { IngestEvent } from '../ingest/ingest.service';

/** The one PostgreSQL channel every server instance LISTENs on (DESIGN §4: fan-out without a broker). */
export const BUS_CHANNEL = 'bo_events';

/**
 * What travels through NOTIFY: references only, never the row. A NOTIFY payload is capped at 8000 bytes and
 * a transaction's comment log can outgrow that, so each instance reads the row itself once per event.
 */
export const busEventSchema = z.object({
  type: z.literal('transaction'),
  kind: transactionEventKindSchema,
  prefix: transactionPrefixSchema,
  id: z.number().int().positive(),
  notification: z
    .object({
      id: z.number().int().positive(),
      kind: z.enum(NOTIFICATION_KINDS),
      at: z.number().int().nonnegative(),
    })
    .nullable(),
});
export type BusEvent = z.infer<typeof busEventSchema>;

/** Publishes an event to every instance; inside a transaction it is delivered only if that commits. */
export async function publishBusEvent(db: DbOrTx, event: BusEvent): Promise<void> {
  await db.execute(sql`select pg_notify(${BUS_CHANNEL}, ${JSON.stringify(event)})`);
}

/** Reads a payload from the channel; anything malformed is `null` (and dropped by the caller). */
export function parseBusEvent(payload: string): BusEvent | null {
  try {
    const parsed = busEventSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The bus event of a committed platform change, or `null` for changes no socket carries yet. */
export function busEventOfIngest(event: IngestEvent): BusEvent | null {
  if (event.type !== 'transaction') return null;
  const { transaction, notification } = event;
  return {
    type: 'transaction',
    kind: event.kind,
    prefix: transaction.prefix,
    id: transaction.transactionId,
    notification: notification
      ? { id: notification.id, kind: notification.kind, at: notification.createdOn.getTime() }
      : null,
  };
}

/** The ingest listener that puts every committed platform change on the bus (DESIGN §4). */
export const publishIngestEvents =
  (db: DbOrTx) =>
  async (event: IngestEvent): Promise<void> => {
    const bus = busEventOfIngest(event);
    if (bus) await publishBusEvent(db, bus);
  };

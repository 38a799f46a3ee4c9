import {
  KYC_EVENT_KINDS,
  KYC_STATUSES,
  NOTIFICATION_KINDS,
  PAYOUT_EVENT_KINDS,
  PAYOUT_STATES,
  transactionEventKindSchema,
  transactionPrefixSchema,
} from '@bo/contract';
import { asc, gt, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/database';
import { liveEvents } from '../../db/schema';
import type { IngestEvent } from '../ingest/ingest.service';

/** The one PostgreSQL channel every server instance LISTENs on (DESIGN §4: fan-out without a broker). */
export const BUS_CHANNEL = 'bo_events';

/**
 * What travels through NOTIFY: references only, never the row. A NOTIFY payload is capped at 8000 bytes and
 * a transaction's comment log can outgrow that, so each instance reads the row itself once per event.
 */
const transactionBusEventSchema = z.object({
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

/** A support-chat message written by a merchant or a staff member (SPEC §2.7); the chat feed carries it. */
const chatBusEventSchema = z.object({
  type: z.literal('chat'),
  merchantId: z.number().int().positive(),
  messageId: z.number().int().positive(),
});

/**
 * A KYC case decided, held or released by an officer: the kyc feed carries it. Small and complete (the
 * holder's username, not a reference), so no instance reads anything to send it.
 */
const kycBusEventSchema = z.object({
  type: z.literal('kyc'),
  kind: z.enum(KYC_EVENT_KINDS),
  submissionId: z.number().int().positive(),
  merchantId: z.number().int().positive(),
  status: z.enum(KYC_STATUSES),
  heldBy: z.string().nullable(),
  /** Milliseconds since the epoch. */
  heldUntil: z.number().int().nonnegative().nullable(),
});

/** A payout changed state (ADR 0016): the payouts feed carries it, small and complete. */
const payoutBusEventSchema = z.object({
  type: z.literal('payout'),
  kind: z.enum(PAYOUT_EVENT_KINDS),
  payoutId: z.number().int().positive(),
  state: z.enum(PAYOUT_STATES),
});

export const busEventSchema = z.discriminatedUnion('type', [
  transactionBusEventSchema,
  chatBusEventSchema,
  kycBusEventSchema,
  payoutBusEventSchema,
]);
export type BusEvent = z.infer<typeof busEventSchema>;

const seq = { seq: z.number().int().positive() };
/** An event as delivered: with its number in the live journal, which orders events across instances. */
export const journalEventSchema = z.discriminatedUnion('type', [
  transactionBusEventSchema.extend(seq),
  chatBusEventSchema.extend(seq),
  kycBusEventSchema.extend(seq),
  payoutBusEventSchema.extend(seq),
]);
export type JournalEvent = z.infer<typeof journalEventSchema>;

/**
 * Writes the event to the live journal and announces it to every instance, in one statement; inside a
 * transaction both happen only if it commits.
 */
export async function publishBusEvent(db: DbOrTx, event: BusEvent): Promise<void> {
  const payload = JSON.stringify(event);
  await db.execute(sql`
    with e as (insert into live_events (payload) values (${payload}::jsonb) returning id)
    select pg_notify(${BUS_CHANNEL}, jsonb_set(${payload}::jsonb, '{seq}', to_jsonb(e.id))::text) from e`);
}

/**
 * Writes events to the journal and announces them with one NOTIFY, in one statement, numbered in the order
 * given. PostgreSQL serialises the commits of transactions that NOTIFY (they hold a lock until their commit
 * is on disk, so that notifications are queued in commit order): one NOTIFY per event caps a database at
 * roughly one event per disk flush, whatever the number of connections (ADR 0011).
 */
export async function publishBusEvents(db: DbOrTx, events: readonly BusEvent[]): Promise<void> {
  if (events.length === 0) return;
  const payload = JSON.stringify(events);
  await db.execute(sql`
    with input as (
      select value as payload, n from jsonb_array_elements(${payload}::jsonb) with ordinality as i(value, n)
    ),
    e as (insert into live_events (payload) select payload from input order by n returning id, payload)
    select pg_notify(${BUS_CHANNEL},
      (select jsonb_agg(jsonb_set(e.payload, '{seq}', to_jsonb(e.id)) order by e.id) from e)::text)`);
}

/** NOTIFY payloads are capped at 8000 bytes; a group stays well below it. */
const MAX_GROUP_BYTES = 6000;

/**
 * Publishes events in groups: one statement at a time per instance, and the events that arrive while it
 * commits go together in the next one (application-level group commit). At a trickle each event goes out
 * alone and at once; at a flood the number of NOTIFY commits stays near one per disk flush while the
 * events per commit grow. Order is kept. Resolves once the event's group is committed.
 */
export function createBusPublisher(db: DbOrTx): (event: BusEvent) => Promise<void> {
  const waiting: Array<{ event: BusEvent; size: number; settle: (error?: unknown) => void }> = [];
  let running = false;
  const run = async () => {
    running = true;
    while (waiting.length > 0) {
      let bytes = 0;
      let count = 0;
      for (const item of waiting) {
        if (count > 0 && bytes + item.size > MAX_GROUP_BYTES) break;
        bytes += item.size;
        count++;
      }
      const group = waiting.splice(0, count);
      try {
        await publishBusEvents(
          db,
          group.map((item) => item.event),
        );
        for (const item of group) item.settle();
      } catch (error) {
        for (const item of group) item.settle(error);
      }
    }
    running = false;
  };
  return (event) =>
    new Promise<void>((resolve, reject) => {
      // The size as announced: the event, its number and the array's comma.
      const size = JSON.stringify(event).length + 24;
      waiting.push({ event, size, settle: (error) => (error === undefined ? resolve() : reject(error)) });
      if (!running) void run();
    });
}

const journalEventsSchema = z.union([journalEventSchema, z.array(journalEventSchema).min(1)]);

/**
 * Reads a payload from the channel: one event (publishBusEvent) or a group (publishBusEvents). Anything
 * malformed is `null` (and dropped by the caller).
 */
export function parseBusEvents(payload: string): JournalEvent[] | null {
  try {
    const parsed = journalEventsSchema.safeParse(JSON.parse(payload));
    if (!parsed.success) return null;
    return Array.isArray(parsed.data) ? parsed.data : [parsed.data];
  } catch {
    return null;
  }
}

/** How much a reconnecting browser may be sent; beyond it, it is told to reload instead. */
export const REPLAY_LIMIT = 200;

/** The journal after `after`, oldest first, up to `limit` + 1 rows (one more tells that there is more). */
export async function journalAfter(db: DbOrTx, after: number, limit = REPLAY_LIMIT): Promise<JournalEvent[]> {
  const rows = await db
    .select({ id: liveEvents.id, payload: liveEvents.payload })
    .from(liveEvents)
    .where(gt(liveEvents.id, after))
    .orderBy(asc(liveEvents.id))
    .limit(limit + 1);
  return rows.flatMap((row) => {
    const parsed = busEventSchema.safeParse(row.payload);
    return parsed.success ? [{ ...parsed.data, seq: row.id }] : [];
  });
}

/** The newest journal number, so a fresh socket knows where it starts. */
export async function latestSeq(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ seq: sql<string | null>`max(${liveEvents.id})` }).from(liveEvents);
  return Number(row?.seq ?? 0);
}

/** Drops journal entries older than `keepMs`; every instance may run it. */
export async function pruneJournal(db: DbOrTx, now: Date, keepMs = 86_400_000): Promise<void> {
  await db.delete(liveEvents).where(lt(liveEvents.createdOn, new Date(now.getTime() - keepMs)));
}

/** The bus event of a committed platform change, or `null` for changes no socket carries yet. */
export function busEventOfIngest(event: IngestEvent): BusEvent | null {
  if (event.type === 'chat') {
    return { type: 'chat', merchantId: event.message.merchantId, messageId: event.message.id };
  }
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

/**
 * The ingest listener that puts every committed platform change on the bus (DESIGN §4). The platform feed
 * is the one source of events at a high rate, so they are published in groups (createBusPublisher).
 */
export const publishIngestEvents = (db: DbOrTx) => {
  const publish = createBusPublisher(db);
  return async (event: IngestEvent): Promise<void> => {
    const bus = busEventOfIngest(event);
    if (bus) await publish(bus);
  };
};

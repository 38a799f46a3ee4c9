import { type ChatMessage, parseTransactionRef, type Transaction } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import type { Sessions } from '../auth/session.service';
import { batchLoads } from './realtime.batch';
import {
  BUS_CHANNEL,
  type JournalEvent,
  journalAfter,
  latestSeq,
  parseBusEvents,
  pruneJournal,
  REPLAY_LIMIT,
} from './realtime.bus';
import { createRealtimeHub } from './realtime.hub';
import { registerRealtimeRoutes } from './realtime.routes';

/** The live feeds: sockets on this instance, fed by NOTIFYs from any instance (DESIGN §4). */
export async function registerRealtimeFeed(
  app: FastifyInstance,
  deps: {
    database: Database;
    sessions: Sessions;
    allowedOrigins: string[];
    now: () => Date;
    accessChanges: { onChanged(listener: () => void): () => void };
    /** Reads the rows of many references in one statement (the transactions area's prepared query). */
    findTransactions: (
      refs: ReadonlyArray<{ prefix: 'T' | 'P'; id: number }>,
    ) => Promise<Map<string, Transaction>>;
    loadChatMessage: (id: number) => Promise<ChatMessage | null>;
  },
) {
  const { db } = deps.database;
  // The rows of the events dispatched together (one NOTIFY's group) are read in one statement.
  const loadTransaction = batchLoads((refs) =>
    deps.findTransactions(
      refs.flatMap((ref) => {
        const parsed = parseTransactionRef(ref);
        return parsed ? [{ prefix: parsed.prefix, id: parsed.id }] : [];
      }),
    ),
  );
  const hub = createRealtimeHub({
    loadTransaction,
    loadChatMessage: deps.loadChatMessage,
    journal: {
      after: (seq) => journalAfter(db, seq),
      latest: () => latestSeq(db),
    },
    logger: app.log,
  });
  await registerRealtimeRoutes(app, {
    db,
    sessions: deps.sessions,
    hub,
    allowedOrigins: deps.allowedOrigins,
    accessChanges: deps.accessChanges,
  });
  // The newest event this instance has handed to its sockets, so a LISTEN that was down can catch up; live
  // events heard while catching up wait, so the sockets still get every event once and in order.
  let heard = await latestSeq(db);
  let held: JournalEvent[] | null = null;
  const dispatch = (event: JournalEvent) => {
    heard = Math.max(heard, event.seq);
    hub.dispatch(event).catch((error: unknown) => app.log.warn({ err: error }, 'live event not delivered'));
  };
  const catchUp = async () => {
    held ??= [];
    try {
      for (;;) {
        const missed = await journalAfter(db, heard);
        for (const event of missed) dispatch(event);
        if (missed.length <= REPLAY_LIMIT) break;
      }
    } finally {
      const waiting = (held ?? []).sort((a, b) => a.seq - b.seq);
      held = null;
      for (const event of waiting) dispatch(event);
    }
  };
  const stopListening = await deps.database.listen(
    BUS_CHANNEL,
    (payload) => {
      const events = parseBusEvents(payload);
      if (!events) return app.log.warn('dropped a malformed live event');
      for (const event of events) {
        if (held) held.push(event);
        else dispatch(event);
      }
    },
    () => {
      app.log.info('live events: listening again, catching up on the journal');
      catchUp().catch((error: unknown) => app.log.warn({ err: error }, 'live events not caught up'));
    },
  );
  app.addHook('onClose', stopListening);
  // The journal only has to cover a reconnect; every instance may prune it, the deletes do not conflict.
  const pruner = setInterval(() => {
    pruneJournal(db, deps.now()).catch((error: unknown) =>
      app.log.warn({ err: error }, 'live journal not pruned'),
    );
  }, 3_600_000);
  pruner.unref();
  app.addHook('onClose', async () => clearInterval(pruner));
}

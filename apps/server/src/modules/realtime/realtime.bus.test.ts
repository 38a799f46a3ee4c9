import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { createTestDatabase } from '../../test/test-database';
import {
  BUS_CHANNEL,
  type BusEvent,
  createBusPublisher,
  type JournalEvent,
  journalAfter,
  parseBusEvents,
  publishBusEvent,
} from './realtime.bus';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const event = (id: number): BusEvent => ({
  type: 'transaction',
  kind: 'waiting',
  prefix: 'T',
  id,
  notification: null,
});

describe('live event bus', () => {
  it('publishes events that arrive while a group commits together, numbered and announced in order', async () => {
    const heard: JournalEvent[][] = [];
    const stop = await database.listen(BUS_CHANNEL, (payload) => {
      const events = parseBusEvents(payload);
      if (events) heard.push(events);
    });
    try {
      const publish = createBusPublisher(database.db);
      await Promise.all(Array.from({ length: 60 }, (_, i) => publish(event(1000 + i))));
      for (let i = 0; i < 100 && heard.flat().length < 60; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const events = heard.flat();
      expect(events.map((e) => (e.type === 'transaction' ? e.id : 0))).toEqual(
        Array.from({ length: 60 }, (_, i) => 1000 + i),
      );
      const seqs = events.map((e) => e.seq);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      // Fewer NOTIFYs than events: the ones that waited went together.
      expect(heard.length).toBeLessThan(60);
      // Each group stays under NOTIFY's 8000-byte cap, and the journal has every event under its number.
      const journal = await journalAfter(database.db, (seqs[0] ?? 1) - 1, 100);
      expect(journal.map((e) => e.seq)).toEqual(seqs);
    } finally {
      await stop();
    }
  });

  it('reads a single event as well as a group', async () => {
    const heard: JournalEvent[] = [];
    const stop = await database.listen(BUS_CHANNEL, (payload) =>
      heard.push(...(parseBusEvents(payload) ?? [])),
    );
    try {
      await publishBusEvent(database.db, event(7));
      for (let i = 0; i < 100 && heard.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(heard).toHaveLength(1);
      expect(heard[0]).toMatchObject({ type: 'transaction', id: 7 });
      expect(parseBusEvents('{"type":"transaction"}')).toBeNull();
      expect(parseBusEvents('[]')).toBeNull();
      expect(parseBusEvents('not json')).toBeNull();
    } finally {
      await stop();
    }
  });
});

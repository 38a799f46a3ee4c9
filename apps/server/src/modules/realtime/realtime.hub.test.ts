import type { Transaction } from '@bo/contract';
import { describe, expect, it } from 'vitest';
import type { JournalEvent } from './realtime.bus';
import { createRealtimeHub, type HubConnection, type HubSocket } from './realtime.hub';

/** A socket that records what it is sent, as text, and a connection that counts its corks. */
function fakeSocket() {
  const received: string[] = [];
  const frames: Array<string | Buffer> = [];
  const socket: HubSocket = {
    readyState: 1,
    send(data) {
      frames.push(data);
      received.push(String(data));
    },
    close() {},
  };
  const corks = { cork: 0, uncork: 0 };
  const connection: HubConnection = {
    cork: () => corks.cork++,
    uncork: () => corks.uncork++,
  };
  /** The numbers of the transaction frames received, in order. */
  const seqs = () =>
    received.flatMap((text) => {
      const message = JSON.parse(text) as { type: string; seq: number };
      return message.type === 'transaction' ? [message.seq] : [];
    });
  return { socket, connection, received, frames, corks, seqs };
}

const event = (seq: number, id = seq): JournalEvent => ({
  type: 'transaction',
  kind: 'waiting',
  prefix: 'T',
  id,
  notification: null,
  seq,
});

const row = (ref: string) => ({ TransactionID: Number(ref.slice(1)) }) as unknown as Transaction;

/** A hub whose row reads take the time `delays` says for each transaction id (default: none). */
function hubWith(delays: Record<number, number> = {}, latest = 0) {
  return createRealtimeHub({
    loadTransaction: async (ref) => {
      const ms = delays[Number(ref.slice(1))] ?? 0;
      if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
      return row(ref);
    },
    loadChatMessage: async () => null,
    journal: { after: async () => [], latest: async () => latest },
    logger: { warn: () => undefined },
    flushIntervalMs: 0,
  });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('realtime hub', () => {
  it('delivers events in the order they were dispatched when a later row is read first', async () => {
    // Event 1's row takes longer to read than event 2's: before, event 2 went out first and event 1 was then
    // taken for a repeat and dropped.
    const hub = hubWith({ 1: 30 });
    const client = fakeSocket();
    await hub.attach(client.socket, 'transactions', 'session', null, client.connection);
    await Promise.all([hub.dispatch(event(1)), hub.dispatch(event(2)), hub.dispatch(event(3))]);
    await settle();
    expect(client.seqs()).toEqual([1, 2, 3]);
  });

  it('sends an event announced after a higher-numbered one, once', async () => {
    // Two changes committing at the same moment can announce themselves out of number order.
    const hub = hubWith();
    const client = fakeSocket();
    await hub.attach(client.socket, 'transactions', 'session', null, client.connection);
    await hub.dispatch(event(5));
    await hub.dispatch(event(4));
    await hub.dispatch(event(5));
    await hub.dispatch(event(4));
    await settle();
    expect(client.seqs()).toEqual([5, 4]);
  });

  it('after many events, still sends a late one from the last 512 numbers once, and none from before', async () => {
    const hub = hubWith();
    const client = fakeSocket();
    await hub.attach(client.socket, 'transactions', 'session', null, client.connection);
    // 1 to 1,300 but 100 and 1,000, so that each client's memory of sent numbers is trimmed on the way.
    for (let seq = 1; seq <= 1300; seq++) if (seq !== 100 && seq !== 1000) await hub.dispatch(event(seq));
    await hub.dispatch(event(1000));
    await hub.dispatch(event(1000));
    await hub.dispatch(event(1200));
    await hub.dispatch(event(100));
    await settle();
    const seqs = client.seqs();
    expect(seqs).toHaveLength(1299);
    expect(seqs.slice(-1)).toEqual([1000]);
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(seqs).not.toContain(100);
  });

  it('does not send events from before a client joined', async () => {
    const hub = hubWith({}, 10);
    const client = fakeSocket();
    await hub.attach(client.socket, 'transactions', 'session', null, client.connection);
    await hub.dispatch(event(9));
    await hub.dispatch(event(11));
    await settle();
    expect(client.seqs()).toEqual([11]);
  });

  it('encodes each event once and writes the frames of one turn to a socket together, corked', async () => {
    const hub = hubWith();
    const first = fakeSocket();
    const second = fakeSocket();
    await hub.attach(first.socket, 'transactions', 'a', null, first.connection);
    await hub.attach(second.socket, 'transactions', 'b', null, second.connection);
    await settle();
    const corksBefore = first.corks.cork;
    await Promise.all([hub.dispatch(event(1)), hub.dispatch(event(2)), hub.dispatch(event(3))]);
    await settle();
    expect(first.seqs()).toEqual([1, 2, 3]);
    expect(second.seqs()).toEqual([1, 2, 3]);
    // One write for the three frames, not three.
    expect(first.corks.cork - corksBefore).toBe(1);
    expect(first.corks.uncork).toBe(first.corks.cork);
    // The same bytes go to every socket.
    expect(first.frames.at(-1)).toBe(second.frames.at(-1));
  });

  it('while events pour in, writes to a socket at most once per flush interval', async () => {
    const hub = createRealtimeHub({
      loadTransaction: async (ref) => row(ref),
      loadChatMessage: async () => null,
      journal: { after: async () => [], latest: async () => 0 },
      logger: { warn: () => undefined },
      flushIntervalMs: 1000,
    });
    const client = fakeSocket();
    await hub.attach(client.socket, 'transactions', 'session', null, client.connection);
    // The 'sync' frame goes out at once; events after it wait out the interval since that write.
    await settle();
    expect(client.received).toHaveLength(1);
    const corks = client.corks.cork;
    for (let seq = 1; seq <= 5; seq++) {
      await hub.dispatch(event(seq));
      await settle();
    }
    expect(client.seqs()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    // The five events in one write.
    expect(client.seqs()).toEqual([1, 2, 3, 4, 5]);
    expect(client.corks.cork - corks).toBe(1);
  });
});

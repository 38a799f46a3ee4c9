/**
 * Gathers the loads asked for in one synchronous run into one read of them all, started once that run is
 * over (a microtask). The events of one NOTIFY are dispatched in one run, and each asks for its row: a
 * group of events then costs the server and PostgreSQL one statement instead of one each, which matters
 * most when a stall has let a burst of events pile up (ADR 0011). A key asked for twice is read once.
 * Resolves with `null` for a key the read did not find; a failed read fails every load of its batch.
 */
export function batchLoads<V>(
  loadMany: (keys: readonly string[]) => Promise<ReadonlyMap<string, V>>,
): (key: string) => Promise<V | null> {
  type Waiter = { resolve: (value: V | null) => void; reject: (error: unknown) => void };
  let batch: Map<string, Waiter[]> | null = null;

  const run = (waiting: Map<string, Waiter[]>) => {
    let read: Promise<ReadonlyMap<string, V>>;
    try {
      read = loadMany([...waiting.keys()]);
    } catch (error) {
      read = Promise.reject(error);
    }
    read.then(
      (found) => {
        for (const [key, waiters] of waiting) {
          for (const waiter of waiters) waiter.resolve(found.get(key) ?? null);
        }
      },
      (error: unknown) => {
        for (const waiters of waiting.values()) for (const waiter of waiters) waiter.reject(error);
      },
    );
  };

  return (key) =>
    new Promise<V | null>((resolve, reject) => {
      if (!batch) {
        const waiting = new Map<string, Waiter[]>();
        batch = waiting;
        queueMicrotask(() => {
          batch = null;
          run(waiting);
        });
      }
      const waiters = batch.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else batch.set(key, [{ resolve, reject }]);
    });
}

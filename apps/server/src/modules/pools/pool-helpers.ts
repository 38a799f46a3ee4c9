/** A long hash or address cut for a message: '0x4f7e…0a01'. */
export const shortHash = (value: string): string =>
  value.length > 14 ? `${value.slice(0, 6)}…${value.slice(-4)}` : value;

/** A time as messages show it, labelled UTC. */
export const formatUtc = (at: Date): string => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Runs the tasks of one key one after another (those of other keys alongside): a wallet's transactions
 * must take its nonces in order. Within one server process; across instances the chain's nonce check
 * refuses the second and the sender reads the nonce again.
 */
export class SenderQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const next = previous.then(task, task);
    const tail = next.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return next;
  }
}

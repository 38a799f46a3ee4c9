import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';

/**
 * The PostgreSQL channel on which an instance says "some staff member's access changed" (a role change, a
 * disabled account, an ended session). Every instance LISTENs and re-checks its open sockets at once, instead
 * of on its next periodic re-check. The payload is only the sending instance's id: nothing about who.
 */
export const ACCESS_CHANNEL = 'bo_access_changes';

export interface AccessChanges {
  /** Access changed here: re-check this instance's sockets now and tell the other instances. */
  changed(): Promise<void>;
  /** Tell only the other instances (this one has already re-checked). */
  publish(): Promise<void>;
  /** A payload heard on ACCESS_CHANNEL; our own announcements are ignored, they were handled locally. */
  heard(payload: string): void;
  /** Calls `listener` whenever access may have changed; returns the unsubscribe. */
  onChanged(listener: () => void): () => void;
}

export function createAccessChanges(db: DbOrTx, log: { warn(obj: unknown, msg?: string): void }) {
  const instanceId = randomUUID();
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  const publish = async () => {
    // The change is committed already; a lost announcement only delays the other instances to their
    // periodic re-check, so it must not fail the call that made the change.
    try {
      await db.execute(sql`select pg_notify(${ACCESS_CHANNEL}, ${instanceId})`);
    } catch (error) {
      log.warn({ err: error }, 'access change not announced to other instances');
    }
  };
  const changes: AccessChanges = {
    async changed() {
      emit();
      await publish();
    },
    publish,
    heard(payload) {
      if (payload !== instanceId) emit();
    },
    onChanged(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return changes;
}

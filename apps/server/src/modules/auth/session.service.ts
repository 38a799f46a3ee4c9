import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import {
  endAllSessionsOf,
  endSession,
  findLiveSessionById,
  findLiveSessionByTokenHash,
  insertSession,
  type SessionRow,
  type StaffRow,
  touchSession,
} from './session.repository';

export const SESSION_COOKIE = 'bo_session';
// Writing last_seen on every call would make each read a write; a minute is finer than any idle timeout.
const TOUCH_EVERY_MS = 60_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface LiveSession {
  session: SessionRow;
  staff: StaffRow;
}

/**
 * Server-side sessions: the cookie holds a random secret, the database only its hash. A session ends at
 * its absolute expiry, after the idle timeout, at logout, or when its account is disabled.
 */
export function createSessions(db: Db, options: { maxAgeMs: number; idleMs: number; now: () => Date }) {
  async function check(found: LiveSession | undefined): Promise<LiveSession | undefined> {
    if (!found) return undefined;
    const at = options.now();
    const { session } = found;
    if (found.staff.disabled) {
      await endSession(db, session.id, at, 'disabled');
      return undefined;
    }
    if (session.expiresAt.getTime() <= at.getTime()) {
      await endSession(db, session.id, at, 'expired');
      return undefined;
    }
    if (at.getTime() - session.lastSeenAt.getTime() > options.idleMs) {
      await endSession(db, session.id, at, 'idle');
      return undefined;
    }
    return found;
  }

  // Live feeds hold sessions open for hours; they hear of an ending at once instead of on their next check.
  const endedListeners = new Set<() => void>();
  const announceEnded = () => {
    for (const listener of endedListeners) listener();
  };

  return {
    async create(staffId: number, meta: { ip: string; userAgent: string | undefined }) {
      const token = randomBytes(32).toString('base64url');
      const at = options.now();
      const id = randomUUID();
      await insertSession(db, {
        id,
        tokenHash: hashToken(token),
        staffId,
        createdAt: at,
        lastSeenAt: at,
        expiresAt: new Date(at.getTime() + options.maxAgeMs),
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
      });
      return { id, token };
    },

    /** The live session behind a cookie value, refreshing its idle clock. */
    async resolveToken(token: string | undefined): Promise<LiveSession | undefined> {
      if (!token || token.length > 200) return undefined;
      const live = await check(await findLiveSessionByTokenHash(db, hashToken(token)));
      if (live) await touch(live.session);
      return live;
    },

    /** The live session a JWT names: logout and disabling take effect at once for tokens too. */
    async resolveId(id: string): Promise<LiveSession | undefined> {
      const live = await check(await findLiveSessionById(db, id));
      if (live) await touch(live.session);
      return live;
    },

    async end(id: string, reason: string) {
      const result = await endSession(db, id, options.now(), reason);
      announceEnded();
      return result;
    },
    async endAllOf(staffId: number, reason: string) {
      const result = await endAllSessionsOf(db, staffId, options.now(), reason);
      announceEnded();
      return result;
    },

    /** Calls `listener` after any session was ended on this instance; returns the unsubscribe. */
    onEnded(listener: () => void): () => void {
      endedListeners.add(listener);
      return () => endedListeners.delete(listener);
    },
  };

  async function touch(session: SessionRow) {
    const at = options.now();
    if (at.getTime() - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) await touchSession(db, session.id, at);
  }
}

export type Sessions = ReturnType<typeof createSessions>;

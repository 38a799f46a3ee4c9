import type { DbOrTx } from '../../db/database';
import { appendAudit } from './audit.repository';

/**
 * Who makes a change: the signed-in staff member, the session they use and their address. Every audited
 * write takes one; the admin service builds it from the request's StaffContext.
 */
export interface Actor {
  staffId: number;
  username: string;
  sessionId?: string;
  ip: string;
}

/** One audited change as a service states it: what was done, to which record, and its fields before and after. */
export interface Change {
  action: string;
  entity: string;
  id: string | number;
  before?: unknown;
  after?: unknown;
}

/**
 * Who a sign-in attempt claims to be: the name typed and the address, with the account only when one answers
 * to the name (a failed or locked sign-in has no signed-in actor, yet is audited).
 */
export type Claimant = Omit<Actor, 'staffId'> & { staffId: number | null };

/**
 * Records one staff change in the append-only audit log, inside the caller's transaction, so the change and
 * its record commit or roll back together.
 */
export const recordChange = (tx: DbOrTx, actor: Actor | Claimant, change: Change): Promise<void> =>
  appendAudit(tx, {
    actorStaffId: actor.staffId,
    actorUsername: actor.username,
    action: change.action,
    entity: change.entity,
    entityId: String(change.id),
    before: change.before ?? null,
    after: change.after ?? null,
    ip: actor.ip,
  });

/** The fields of `after` whose values differ from `before`, each side holding only those (for a diff). */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): { before: Partial<T>; after: Partial<T> } {
  const was: Partial<T> = {};
  const now: Partial<T> = {};
  for (const key of Object.keys(after) as Array<keyof T>) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      was[key] = before[key];
      now[key] = after[key];
    }
  }
  return { before: was, after: now };
}

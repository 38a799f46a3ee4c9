import type { DbOrTx } from '../../db/database';
import { auditLog } from '../../db/schema';

export interface AuditEntry {
  actorStaffId: number | null;
  actorUsername: string;
  action: string;
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
}

/** Appends one row; the table refuses updates and deletes at the database (migration 0001). */
export async function appendAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorStaffId: entry.actorStaffId,
    actorUsername: entry.actorUsername,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip ?? null,
  });
}

import { and, asc, eq, inArray } from 'drizzle-orm';
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

export interface AuditRow {
  id: number;
  at: Date;
  actorUsername: string;
  action: string;
  before: unknown;
  after: unknown;
}

/** The trail of one entity (under any of its entity names), oldest first; uses audit_entity_idx. */
export async function listAudit(
  db: DbOrTx,
  entities: readonly string[],
  entityId: string,
  limit = 500,
): Promise<AuditRow[]> {
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actorUsername: auditLog.actorUsername,
      action: auditLog.action,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .where(and(inArray(auditLog.entity, [...entities]), eq(auditLog.entityId, entityId)))
    .orderBy(asc(auditLog.at), asc(auditLog.id))
    .limit(limit);
}

import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { configSecrets, configTestRuns, configVersions } from '../../db/schema';

export type ConfigVersionRow = typeof configVersions.$inferSelect;
export type ConfigSecretRow = Omit<typeof configSecrets.$inferSelect, 'ciphertext' | 'iv' | 'keyId'>;

export async function headVersion(db: DbOrTx, ns: string): Promise<ConfigVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(configVersions)
    .where(eq(configVersions.ns, ns))
    .orderBy(desc(configVersions.version))
    .limit(1);
  return row;
}

export async function findVersion(db: DbOrTx, ns: string, version: number) {
  const [row] = await db
    .select()
    .from(configVersions)
    .where(and(eq(configVersions.ns, ns), eq(configVersions.version, version)));
  return row;
}

export async function latestInStatus(db: DbOrTx, ns: string, status: ConfigVersionRow['status']) {
  const [row] = await db
    .select()
    .from(configVersions)
    .where(and(eq(configVersions.ns, ns), eq(configVersions.status, status)))
    .orderBy(desc(configVersions.version))
    .limit(1);
  return row;
}

export const allVersions = (db: DbOrTx, ns: string) =>
  db.select().from(configVersions).where(eq(configVersions.ns, ns)).orderBy(asc(configVersions.version));

/** What may be shown of the secrets named: never the ciphertext, which only an adapter opens. */
export async function secretViews(db: DbOrTx, ids: readonly number[]): Promise<Map<number, ConfigSecretRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: configSecrets.id,
      ns: configSecrets.ns,
      field: configSecrets.field,
      last4: configSecrets.last4,
      fingerprint: configSecrets.fingerprint,
      setByStaffId: configSecrets.setByStaffId,
      setBy: configSecrets.setBy,
      setAt: configSecrets.setAt,
    })
    .from(configSecrets)
    .where(inArray(configSecrets.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function insertSecret(db: DbOrTx, row: typeof configSecrets.$inferInsert): Promise<number> {
  const [inserted] = await db.insert(configSecrets).values(row).returning({ id: configSecrets.id });
  if (!inserted) throw new Error('config secret not stored');
  return inserted.id;
}

export async function insertVersion(db: DbOrTx, row: typeof configVersions.$inferInsert) {
  await db.insert(configVersions).values(row);
}

/** Moves every version of `ns` in `from` (but `except`) to superseded: an older draft or pending change. */
export async function supersede(db: DbOrTx, ns: string, from: ConfigVersionRow['status'], except?: number) {
  await db
    .update(configVersions)
    .set({ status: 'superseded' })
    .where(
      and(
        eq(configVersions.ns, ns),
        eq(configVersions.status, from),
        except === undefined ? undefined : ne(configVersions.version, except),
      ),
    );
}

/** A conditional move: only from `from`, so two approvers cannot both activate (the loser moves nothing). */
export async function moveVersion(
  db: DbOrTx,
  ns: string,
  version: number,
  from: ConfigVersionRow['status'],
  set: Partial<typeof configVersions.$inferInsert>,
  notAuthor?: number,
): Promise<boolean> {
  const moved = await db
    .update(configVersions)
    .set(set)
    .where(
      and(
        eq(configVersions.ns, ns),
        eq(configVersions.version, version),
        eq(configVersions.status, from),
        notAuthor === undefined ? undefined : ne(configVersions.authorStaffId, notAuthor),
      ),
    )
    .returning({ id: configVersions.id });
  return moved.length > 0;
}

/** The sealed secrets a version points at, for an adapter to open (never for an answer or a log). */
export async function sealedSecrets(db: DbOrTx, refs: Record<string, number>) {
  const ids = Object.values(refs);
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: configSecrets.id,
      ciphertext: configSecrets.ciphertext,
      iv: configSecrets.iv,
      keyId: configSecrets.keyId,
    })
    .from(configSecrets)
    .where(inArray(configSecrets.id, ids));
  const fieldOf = new Map(Object.entries(refs).map(([field, id]) => [id, field]));
  return rows.map((r) => ({ field: fieldOf.get(r.id) ?? '', sealed: r }));
}

export type ConfigTestRunRow = typeof configTestRuns.$inferSelect;

export async function insertTestRun(db: DbOrTx, row: typeof configTestRuns.$inferInsert) {
  await db.insert(configTestRuns).values(row);
}

/** The newest Test connection of one version of a namespace. */
export async function latestTestRun(db: DbOrTx, ns: string, version: number) {
  const [row] = await db
    .select()
    .from(configTestRuns)
    .where(and(eq(configTestRuns.ns, ns), eq(configTestRuns.version, version)))
    .orderBy(desc(configTestRuns.at), desc(configTestRuns.id))
    .limit(1);
  return row;
}

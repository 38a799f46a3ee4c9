import {
  type ADMIN_CALLS,
  type IssuedLicense,
  LICENSE_EXPIRING_DAYS,
  LICENSE_MESSAGES,
  LICENSE_VALIDATION_MESSAGES,
  type LicenseDetail,
  type LicenseEventKind,
  type LicenseRow,
  type LicenseStatus,
  type LicenseValidation,
  type LicenseValidationCode,
  type LicensingOptions,
  licenseKeyDisplay,
  type Page,
} from '@bo/contract';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database';
import {
  licenseActivations,
  licenseEvents,
  licensePolicies,
  licenseProducts,
  licenses,
  merchants,
  staff,
} from '../../db/schema';
import { pageAnswer, pageOffset } from '../../lib/paging';
import { ApiError, badRequest } from '../../plugins/errors';
import { type Actor, recordChange } from '../audit/audit.service';
import { checkStepUp, STEP_UP_MESSAGES, type StepUpProof, stepUpMethod } from '../auth/step-up';
import { hashLicenseKey, newLicenseKey } from './license-key';

type Params<K extends keyof typeof ADMIN_CALLS> = z.output<(typeof ADMIN_CALLS)[K]['params']>;

export const LICENSE_ENTITY = 'license';

const STEP_UP = {
  ...STEP_UP_MESSAGES,
  noTotp: LICENSE_MESSAGES.noTotp,
  passwordMissing: 'Type your password to confirm this change',
  wrongPassword: 'That password is not right',
};

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** A licence's shown state: suspended and revoked by staff, else by its last valid day against `today`. */
const statusSql = (today: string): SQL<LicenseStatus> => sql<LicenseStatus>`case
  when ${licenses.status} = 'revoked' then 'revoked'
  when ${licenses.status} = 'suspended' then 'suspended'
  when ${licenses.expiresOn} < ${today}::date then 'expired'
  when ${licenses.expiresOn} <= ${today}::date + ${LICENSE_EXPIRING_DAYS}::int then 'expiring'
  else 'active' end`;

const select = (db: DbOrTx, today: string) =>
  db
    .select({
      id: licenses.id,
      keyPrefix: licenses.keyPrefix,
      keyLast4: licenses.keyLast4,
      merchantId: licenses.merchantId,
      licensee: merchants.shopTitle,
      productId: licenses.productId,
      product: licenseProducts.name,
      policyId: licenses.policyId,
      policy: licensePolicies.name,
      seatsUsed: sql<number>`(select count(*)::int from ${licenseActivations} where ${licenseActivations.licenseId} = ${licenses.id})`,
      lastCheckIn: sql<
        string | null
      >`(select max(${licenseActivations.lastSeen}) from ${licenseActivations} where ${licenseActivations.licenseId} = ${licenses.id})`,
      maxActivations: licenses.maxActivations,
      entitlements: licenses.entitlements,
      expiresOn: licenses.expiresOn,
      status: statusSql(today),
      statusReason: licenses.statusReason,
      note: licenses.note,
      issuedBy: staff.username,
      issuedOn: licenses.issuedOn,
    })
    .from(licenses)
    .innerJoin(merchants, eq(merchants.id, licenses.merchantId))
    .innerJoin(licenseProducts, eq(licenseProducts.id, licenses.productId))
    .innerJoin(licensePolicies, eq(licensePolicies.id, licenses.policyId))
    .innerJoin(staff, eq(staff.id, licenses.issuedByStaffId));

type LicenseData = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

/** A raw max() comes back as text from one driver and a Date from the other. */
const isoOf = (v: string | Date | null): string | null =>
  v === null ? null : v instanceof Date ? v.toISOString() : new Date(v).toISOString();

const rowOf = (r: LicenseData): LicenseRow => ({
  ID: r.id,
  Key: licenseKeyDisplay(r.keyPrefix, r.keyLast4),
  MerchantID: r.merchantId,
  Licensee: r.licensee,
  ProductID: r.productId,
  Product: r.product,
  PolicyID: r.policyId,
  Policy: r.policy,
  SeatsUsed: r.seatsUsed,
  MaxActivations: r.maxActivations,
  Entitlements: r.entitlements,
  ExpiresOn: r.expiresOn,
  Status: r.status,
  LastCheckIn: isoOf(r.lastCheckIn),
  Note: r.note,
  StatusReason: r.statusReason,
  IssuedBy: r.issuedBy,
  IssuedOn: r.issuedOn.toISOString(),
});

/** Licensing (ADR 0032): issue and manage licence keys, and validate them as the licence server. */
export function createLicensingService(deps: { db: Db; now: () => Date }) {
  const { db } = deps;
  const today = () => dayOf(deps.now());
  const find = async (tx: DbOrTx, id: number) => {
    const [row] = await select(tx, today()).where(eq(licenses.id, id));
    if (!row) throw new ApiError(404, LICENSE_MESSAGES.noLicense);
    return rowOf(row);
  };
  const stepUp = (actor: Actor, proof: StepUpProof) =>
    checkStepUp(db, actor.staffId, proof, deps.now(), STEP_UP, { passwordWithoutTotp: true });

  const event = (
    tx: DbOrTx,
    licenseId: number | null,
    kind: LicenseEventKind,
    more: Partial<typeof licenseEvents.$inferInsert> = {},
  ) => tx.insert(licenseEvents).values({ licenseId, kind, at: deps.now(), ...more });

  /**
   * One admin action on a licence: its state is checked before the step-up (a refused action does not spend
   * the code), the step-up is taken, then the change, its log line and its audit row commit together under
   * the licence's row lock (the state checked again there).
   */
  async function act(
    id: number,
    actor: Actor,
    proof: StepUpProof,
    action: {
      kind: Exclude<LicenseEventKind, 'issued' | 'validation'>;
      allowed: (stored: typeof licenses.$inferSelect) => string | null;
      change: (
        tx: DbOrTx,
        stored: typeof licenses.$inferSelect,
      ) => Promise<{ before: object; after: object; detail: string }>;
    },
  ): Promise<LicenseRow> {
    const check = async (tx: DbOrTx, lock: boolean) => {
      const query = tx.select().from(licenses).where(eq(licenses.id, id));
      const [stored] = lock ? await query.for('update') : await query;
      if (!stored) throw new ApiError(404, LICENSE_MESSAGES.noLicense);
      const refusal = action.allowed(stored);
      if (refusal) throw new ApiError(409, refusal);
      return stored;
    };
    await check(db, false);
    await stepUp(actor, proof);
    await db.transaction(async (tx) => {
      const stored = await check(tx, true);
      const { before, after, detail } = await action.change(tx, stored);
      await event(tx, id, action.kind, { staffId: actor.staffId, detail });
      await recordChange(tx, actor, {
        action: `license.${action.kind}`,
        entity: LICENSE_ENTITY,
        id,
        before,
        after,
      });
    });
    return find(db, id);
  }
  const notRevoked = (s: typeof licenses.$inferSelect) =>
    s.status === 'revoked' ? LICENSE_MESSAGES.revoked : null;
  const setStatus =
    (status: 'active' | 'suspended' | 'revoked', reason: string | null) =>
    async (tx: DbOrTx, s: typeof licenses.$inferSelect) => {
      await tx
        .update(licenses)
        .set({ status, statusReason: reason, updatedOn: deps.now() })
        .where(eq(licenses.id, s.id));
      return {
        before: { status: s.status, reason: s.statusReason },
        after: { status, reason },
        detail: reason ?? '',
      };
    };

  return {
    async options(actor: Actor): Promise<LicensingOptions> {
      const [products, policies] = await Promise.all([
        db
          .select({ ID: licenseProducts.id, Code: licenseProducts.code, Name: licenseProducts.name })
          .from(licenseProducts)
          .orderBy(asc(licenseProducts.id)),
        db
          .select({
            ID: licensePolicies.id,
            ProductID: licensePolicies.productId,
            Name: licensePolicies.name,
            DurationDays: licensePolicies.durationDays,
            MaxMachines: licensePolicies.maxMachines,
          })
          .from(licensePolicies)
          .orderBy(asc(licensePolicies.productId), asc(licensePolicies.id)),
      ]);
      return { Products: products, Policies: policies, StepUpWith: await stepUpMethod(db, actor.staffId) };
    },

    async list(p: Params<'ListLicenses'>): Promise<Page<LicenseRow>> {
      const day = today();
      const where = and(
        p.merchantId ? eq(licenses.merchantId, p.merchantId) : undefined,
        p.productId ? eq(licenses.productId, p.productId) : undefined,
        p.status ? sql`${statusSql(day)} = ${p.status}` : undefined,
      );
      const dir = p.order === 'asc' ? asc : desc;
      const first = p.sort === 'ExpiresOn' ? licenses.expiresOn : licenses.issuedOn;
      const [rows, [total]] = await Promise.all([
        select(db, day)
          .where(where)
          .orderBy(dir(first), dir(licenses.id))
          .offset(pageOffset(p))
          .limit(p.limit),
        db.select({ n: count() }).from(licenses).where(where),
      ]);
      return pageAnswer(p, total?.n ?? 0, rows.map(rowOf));
    },

    async detail(id: number): Promise<LicenseDetail> {
      const licence = await find(db, id);
      const [activations, events] = await Promise.all([
        db
          .select()
          .from(licenseActivations)
          .where(eq(licenseActivations.licenseId, id))
          .orderBy(desc(licenseActivations.lastSeen), asc(licenseActivations.id)),
        db
          .select({ e: licenseEvents, by: staff.username })
          .from(licenseEvents)
          .leftJoin(staff, eq(staff.id, licenseEvents.staffId))
          .where(eq(licenseEvents.licenseId, id))
          .orderBy(desc(licenseEvents.at), desc(licenseEvents.id))
          .limit(100),
      ]);
      return {
        Licence: licence,
        Activations: activations.map((a) => ({
          Fingerprint: a.fingerprint,
          Hostname: a.hostname,
          FirstSeen: a.firstSeen.toISOString(),
          LastSeen: a.lastSeen.toISOString(),
        })),
        Events: events.map(({ e, by }) => ({
          ID: e.id,
          Kind: e.kind,
          Outcome: e.outcome,
          Fingerprint: e.fingerprint,
          Hostname: e.hostname,
          Source: e.source,
          By: by,
          Detail: e.detail,
          At: e.at.toISOString(),
        })),
      };
    },

    /** Issues a licence; the whole key leaves in this answer only (the database keeps its hash). */
    async issue(p: Params<'IssueLicense'>, actor: Actor): Promise<IssuedLicense> {
      if (p.ExpiresOn <= today())
        throw badRequest(LICENSE_MESSAGES.expiry, {
          issues: [{ path: 'ExpiresOn', message: LICENSE_MESSAGES.expiry }],
        });
      const [merchant] = await db
        .select({ title: merchants.shopTitle })
        .from(merchants)
        .where(eq(merchants.id, p.MerchantID));
      if (!merchant) throw new ApiError(404, `No merchant found with ID ${p.MerchantID}`);
      const [policy] = await db.select().from(licensePolicies).where(eq(licensePolicies.id, p.PolicyID));
      if (!policy || policy.productId !== p.ProductID)
        throw badRequest(LICENSE_MESSAGES.policyProduct, {
          issues: [{ path: 'PolicyID', message: LICENSE_MESSAGES.policyProduct }],
        });
      await stepUp(actor, p);
      const key = newLicenseKey();
      const id = await db.transaction(async (tx) => {
        const values = {
          merchantId: p.MerchantID,
          productId: p.ProductID,
          policyId: p.PolicyID,
          maxActivations: p.MaxActivations,
          entitlements: [...new Set(p.Entitlements)],
          expiresOn: p.ExpiresOn,
          note: p.Note,
        };
        const [row] = await tx
          .insert(licenses)
          .values({
            ...values,
            keyHash: key.hash,
            keyPrefix: key.prefix,
            keyLast4: key.last4,
            issuedByStaffId: actor.staffId,
            issuedOn: deps.now(),
            updatedOn: deps.now(),
          })
          .returning({ id: licenses.id });
        if (!row) throw new Error('licence not inserted');
        await event(tx, row.id, 'issued', { staffId: actor.staffId, detail: `Expires ${p.ExpiresOn}` });
        // The audit row names the key as shown, never the key.
        await recordChange(tx, actor, {
          action: 'license.issued',
          entity: LICENSE_ENTITY,
          id: row.id,
          after: { ...values, key: licenseKeyDisplay(key.prefix, key.last4), licensee: merchant.title },
        });
        return row.id;
      });
      return { Licence: await find(db, id), FullKey: key.key };
    },

    renew: (p: Params<'RenewLicense'>, actor: Actor) =>
      act(p.ID, actor, p, {
        kind: 'renewed',
        allowed: notRevoked,
        change: async (tx, s) => {
          const [row] = await tx
            .update(licenses)
            .set({
              expiresOn: sql`greatest(${licenses.expiresOn}, ${today()}::date) + (select ${licensePolicies.durationDays} from ${licensePolicies} where ${licensePolicies.id} = ${licenses.policyId})`,
              updatedOn: deps.now(),
            })
            .where(eq(licenses.id, s.id))
            .returning({ expiresOn: licenses.expiresOn });
          const until = row?.expiresOn ?? s.expiresOn;
          return {
            before: { expiresOn: s.expiresOn },
            after: { expiresOn: until },
            detail: `Until ${until}`,
          };
        },
      }),
    suspend: (p: Params<'SuspendLicense'>, actor: Actor) =>
      act(p.ID, actor, p, {
        kind: 'suspended',
        allowed: (s) =>
          notRevoked(s) ?? (s.status === 'suspended' ? LICENSE_MESSAGES.alreadySuspended : null),
        change: setStatus('suspended', p.Reason),
      }),
    reinstate: (p: Params<'ReinstateLicense'>, actor: Actor) =>
      act(p.ID, actor, p, {
        kind: 'reinstated',
        allowed: (s) => notRevoked(s) ?? (s.status !== 'suspended' ? LICENSE_MESSAGES.notSuspended : null),
        change: setStatus('active', null),
      }),
    revoke: (p: Params<'RevokeLicense'>, actor: Actor) =>
      act(p.ID, actor, p, { kind: 'revoked', allowed: notRevoked, change: setStatus('revoked', p.Reason) }),
    resetActivations: (p: Params<'ResetLicenseActivations'>, actor: Actor) =>
      act(p.ID, actor, p, {
        kind: 'activations_reset',
        allowed: notRevoked,
        change: async (tx, s) => {
          const gone = await tx
            .delete(licenseActivations)
            .where(eq(licenseActivations.licenseId, s.id))
            .returning({ fingerprint: licenseActivations.fingerprint });
          return {
            before: { devices: gone.map((g) => g.fingerprint) },
            after: { devices: [] },
            detail: `${gone.length} device${gone.length === 1 ? '' : 's'} forgotten`,
          };
        },
      }),

    /**
     * Validates a key as the licence server (the public route and the Simulate client tool): the answer, the
     * device's activation and the log line commit together under the licence's row lock, so two devices at
     * once cannot both take the last seat.
     */
    async validate(
      input: Params<'SimulateLicenseClient'>,
      source: { ip: string } | { simulatedBy: Actor },
    ): Promise<LicenseValidation> {
      const at = deps.now();
      const day = dayOf(at);
      const origin =
        'ip' in source
          ? { source: source.ip, staffId: null }
          : { source: 'simulated', staffId: source.simulatedBy.staffId };
      const device = { fingerprint: input.Fingerprint, hostname: input.Hostname };
      return db.transaction(async (tx) => {
        const [stored] = await tx
          .select()
          .from(licenses)
          .where(eq(licenses.keyHash, hashLicenseKey(input.Key)))
          .for('update');
        const answer = (code: LicenseValidationCode, seatsUsed: number | null): LicenseValidation => ({
          Valid: code === 'valid',
          Code: code,
          Message: LICENSE_VALIDATION_MESSAGES[code],
          ExpiresOn: stored?.expiresOn ?? null,
          Product: null,
          Entitlements: stored && code === 'valid' ? stored.entitlements : [],
          SeatsUsed: seatsUsed,
          MaxActivations: stored?.maxActivations ?? null,
        });
        if (!stored) {
          await event(tx, null, 'validation', { outcome: 'unknown', ...device, ...origin });
          return answer('unknown', null);
        }
        const seats = async () =>
          (
            await tx
              .select({ n: count() })
              .from(licenseActivations)
              .where(eq(licenseActivations.licenseId, stored.id))
          )[0]?.n ?? 0;
        const [known] = await tx
          .select({ id: licenseActivations.id })
          .from(licenseActivations)
          .where(
            and(
              eq(licenseActivations.licenseId, stored.id),
              eq(licenseActivations.fingerprint, input.Fingerprint),
            ),
          );
        let code: LicenseValidationCode =
          stored.status === 'revoked'
            ? 'revoked'
            : stored.status === 'suspended'
              ? 'suspended'
              : stored.expiresOn < day
                ? 'expired'
                : 'valid';
        if (code === 'valid') {
          if (known) {
            await tx
              .update(licenseActivations)
              .set({ lastSeen: at, hostname: input.Hostname })
              .where(eq(licenseActivations.id, known.id));
          } else if ((await seats()) >= stored.maxActivations) {
            code = 'too_many_activations';
          } else {
            await tx
              .insert(licenseActivations)
              .values({ licenseId: stored.id, ...device, firstSeen: at, lastSeen: at });
          }
        }
        await event(tx, stored.id, 'validation', { outcome: code, ...device, ...origin });
        const [product] = await tx
          .select({ name: licenseProducts.name })
          .from(licenseProducts)
          .where(eq(licenseProducts.id, stored.productId));
        return { ...answer(code, await seats()), Product: product?.name ?? null };
      });
    },
  };
}

export type LicensingService = ReturnType<typeof createLicensingService>;

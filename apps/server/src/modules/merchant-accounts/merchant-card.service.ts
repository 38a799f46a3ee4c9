import {
  type ADMIN_CALLS,
  CARD_MESSAGES,
  CARD_SECRET_FIELDS,
  CARD_STATUS_MOVES,
  type CardAccountRow,
  type CardSecretField,
  type CardSettings,
  type CardStatus,
  cardMoveRefusal,
  type MerchantCardConfig,
  noMerchantMessage,
  type Page,
} from '@bo/contract';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database';
import {
  merchantCardAccounts,
  merchantCardAccountVersions,
  merchantCardSecrets,
  merchants,
  paymentProviders,
  staff,
} from '../../db/schema';
import { pageAnswer, pageOffset } from '../../lib/paging';
import { ApiError, badRequest } from '../../plugins/errors';
import { type Actor, changedFields, recordChange } from '../audit/audit.service';
import { checkStepUp, stepUpMethod } from '../auth/step-up';
import type { ConfigVault } from '../config/config-vault';
import { PAYOUT_MESSAGES } from '../payouts/payouts.service';

type Params<K extends keyof typeof ADMIN_CALLS> = z.output<(typeof ADMIN_CALLS)[K]['params']>;

export const CARD_ACCOUNT_ENTITY = 'merchant_card_account';
const DAY_MS = 86_400_000;

const STEP_UP = {
  noTotp: PAYOUT_MESSAGES.noTotp,
  codeMissing: 'Type the 6-digit code of your authenticator app to confirm this change',
  wrongCode: PAYOUT_MESSAGES.wrongCode,
  reusedCode: PAYOUT_MESSAGES.reusedCode,
  passwordMissing: 'Type your password to confirm this change',
  wrongPassword: 'That password is not right',
};

/** Amounts as the form shows them: 2 decimals ('1500.00'), from numeric(30,8). */
const eur2 = (v: string) => {
  const [i = '0', f = ''] = v.split('.');
  return `${i}.${f.padEnd(2, '0').slice(0, 2)}`;
};

type AccountRow = typeof merchantCardAccounts.$inferSelect;
const settingsOf = (a: AccountRow): CardSettings => ({
  ProviderID: a.providerId,
  MID: a.mid,
  MCC: a.mcc,
  Descriptor: a.descriptor,
  ThreeDs: a.threeDs,
  Brands: a.brands,
  InternationalCards: a.internationalCards,
  Currencies: a.currencies,
  MinTxEur: eur2(a.minTxEur),
  MaxTxEur: eur2(a.maxTxEur),
  DailyCapEur: eur2(a.dailyCapEur),
  MonthlyCapEur: eur2(a.monthlyCapEur),
  RollingReservePct: a.rollingReservePct,
  ReserveHoldDays: a.reserveHoldDays,
});

/** Paid card payments of the last 30 days through the account's provider, in EUR. */
const volumeSql = (
  since: Date,
): SQL<string> => sql<string>`coalesce((select sum(t.volume_eur) from transactions t
  where t.merchant_id = ${merchantCardAccounts.merchantId} and t.external_provider = ${paymentProviders.name}
  and t.status in ('paid', 'underpaid') and t.created_on >= ${since.toISOString()}::timestamptz), 0)::numeric(30, 2)::text`;

export interface MerchantCardDeps {
  db: Db;
  now: () => Date;
  configVault: ConfigVault;
}

/** Merchant CC and Merchant CC Config (ADR 0033): card acceptance per merchant, its versions and sealed secrets. */
export function createMerchantCardService(deps: MerchantCardDeps) {
  const { db, now, configVault: vault } = deps;

  const merchantOf = async (tx: DbOrTx, id: number, lock = false) => {
    const query = tx
      .select({ id: merchants.id, shopTitle: merchants.shopTitle, kycStatus: merchants.kycStatus })
      .from(merchants)
      .where(eq(merchants.id, id));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw new ApiError(404, noMerchantMessage(id));
    return row;
  };
  const accountOf = async (tx: DbOrTx, id: number) => {
    const [row] = await tx.select().from(merchantCardAccounts).where(eq(merchantCardAccounts.merchantId, id));
    return row ?? null;
  };
  const fiatProviders = (tx: DbOrTx) =>
    tx
      .select({ ID: paymentProviders.id, Name: paymentProviders.name })
      .from(paymentProviders)
      .where(and(eq(paymentProviders.kind, 'provider'), eq(paymentProviders.isFiat, true)))
      .orderBy(asc(paymentProviders.name));

  /** The secret in use per field: the newest sealed row. */
  const secretsOf = async (tx: DbOrTx, merchantId: number) => {
    const rows = await tx
      .select({ s: merchantCardSecrets, setBy: staff.username })
      .from(merchantCardSecrets)
      .innerJoin(staff, eq(staff.id, merchantCardSecrets.setByStaffId))
      .where(eq(merchantCardSecrets.merchantId, merchantId))
      .orderBy(desc(merchantCardSecrets.id));
    const view: MerchantCardConfig['Secrets'] = {};
    for (const field of CARD_SECRET_FIELDS) {
      const row = rows.find((r) => r.s.field === field);
      view[field] = row
        ? {
            Last4: row.s.last4,
            Fingerprint: row.s.fingerprint,
            SetBy: row.setBy,
            SetAt: row.s.setAt.toISOString(),
          }
        : null;
    }
    return view;
  };

  const config = async (merchantId: number, actor: Actor): Promise<MerchantCardConfig> => {
    const merchant = await merchantOf(db, merchantId);
    const [account, versions, secrets, providers, stepUpWith] = await Promise.all([
      accountOf(db, merchantId),
      db
        .select({ v: merchantCardAccountVersions, by: staff.username })
        .from(merchantCardAccountVersions)
        .innerJoin(staff, eq(staff.id, merchantCardAccountVersions.byStaffId))
        .where(eq(merchantCardAccountVersions.merchantId, merchantId))
        .orderBy(desc(merchantCardAccountVersions.version))
        .limit(50),
      secretsOf(db, merchantId),
      fiatProviders(db),
      stepUpMethod(db, actor.staffId),
    ]);
    return {
      Merchant: { ID: merchant.id, ShopTitle: merchant.shopTitle, KycStatus: merchant.kycStatus },
      Version: account?.version ?? 0,
      Status: account?.status ?? 'not applied',
      StatusReason: account?.statusReason ?? null,
      Settings: account ? settingsOf(account) : null,
      Provider: providers.find((p) => p.ID === account?.providerId)?.Name ?? null,
      Secrets: secrets,
      History: versions.map(({ v, by }) => ({
        Version: v.version,
        Status: v.status as CardStatus,
        Change: v.change,
        Reason: v.reason,
        Settings: v.settings as CardSettings,
        Secrets: v.secrets,
        By: by,
        At: v.at.toISOString(),
      })),
      Providers: providers,
      StepUpWith: stepUpWith,
    };
  };

  return {
    async list(p: Params<'ListMerchantCardAccounts'>): Promise<Page<CardAccountRow>> {
      const volume = volumeSql(new Date(now().getTime() - 30 * DAY_MS));
      const where = and(
        p.status ? eq(merchantCardAccounts.status, p.status) : undefined,
        p.providerId ? eq(merchantCardAccounts.providerId, p.providerId) : undefined,
      );
      const dir = p.order === 'asc' ? asc : desc;
      const first =
        p.sort === 'Merchant'
          ? merchants.shopTitle
          : p.sort === 'CardVolume30dEur'
            ? sql`${volume}::numeric`
            : merchantCardAccounts.updatedAt;
      const [rows, [total]] = await Promise.all([
        db
          .select({
            a: merchantCardAccounts,
            merchant: merchants.shopTitle,
            provider: paymentProviders.name,
            volume,
            by: staff.username,
          })
          .from(merchantCardAccounts)
          .innerJoin(merchants, eq(merchants.id, merchantCardAccounts.merchantId))
          .leftJoin(paymentProviders, eq(paymentProviders.id, merchantCardAccounts.providerId))
          .innerJoin(staff, eq(staff.id, merchantCardAccounts.updatedByStaffId))
          .where(where)
          .orderBy(dir(first), dir(merchantCardAccounts.merchantId))
          .offset(pageOffset(p))
          .limit(p.limit),
        db.select({ n: sql<number>`count(*)::int` }).from(merchantCardAccounts).where(where),
      ]);
      return pageAnswer(
        p,
        total?.n ?? 0,
        rows.map((r) => ({
          MerchantID: r.a.merchantId,
          Merchant: r.merchant,
          Status: r.a.status,
          Provider: r.provider,
          MID: r.a.mid,
          MCC: r.a.mcc,
          Descriptor: r.a.descriptor,
          InternationalCards: r.a.internationalCards,
          CardVolume30dEur: r.volume,
          UpdatedBy: r.by,
          UpdatedAt: r.a.updatedAt.toISOString(),
        })),
      );
    },

    get: (p: Params<'GetMerchantCardConfig'>, actor: Actor) => config(p.ID, actor),

    async save(p: Params<'SaveMerchantCardConfig'>, actor: Actor): Promise<MerchantCardConfig> {
      await merchantOf(db, p.MerchantID);
      const current = await accountOf(db, p.MerchantID);
      if (current?.status === 'terminated') throw new ApiError(409, CARD_MESSAGES.terminated);
      if (p.ProviderID !== undefined) {
        const providers = await fiatProviders(db);
        if (!providers.some((x) => x.ID === p.ProviderID))
          throw badRequest(CARD_MESSAGES.notFiat, {
            issues: [{ path: 'ProviderID', message: CARD_MESSAGES.notFiat }],
          });
      }
      if (current?.status === 'active' && p.MID === '')
        throw badRequest(CARD_MESSAGES.midNeeded, {
          issues: [{ path: 'MID', message: CARD_MESSAGES.midNeeded }],
        });
      const typedSecrets = CARD_SECRET_FIELDS.filter((f) => p[f] !== undefined);
      if (typedSecrets.length > 0 && !vault.canSeal)
        throw new ApiError(409, 'No config master key is set (CONFIG_MASTER_KEY): secrets cannot be stored');
      await checkStepUp(db, actor.staffId, p, now(), STEP_UP, { passwordWithoutTotp: true });
      const at = now();
      await db.transaction(async (tx) => {
        await merchantOf(tx, p.MerchantID, true);
        const before = await accountOf(tx, p.MerchantID);
        const head = before?.version ?? 0;
        if (head !== p.ExpectedVersion)
          throw new ApiError(
            409,
            `This card config changed since you opened it (v${p.ExpectedVersion} → v${head}). Reload to see the changes.`,
          );
        const values = {
          providerId: p.ProviderID ?? null,
          mid: p.MID,
          mcc: p.MCC,
          descriptor: p.Descriptor,
          threeDs: p.ThreeDs,
          brands: p.Brands,
          internationalCards: p.InternationalCards,
          currencies: p.Currencies,
          minTxEur: p.MinTxEur,
          maxTxEur: p.MaxTxEur,
          dailyCapEur: p.DailyCapEur,
          monthlyCapEur: p.MonthlyCapEur,
          rollingReservePct: p.RollingReservePct,
          reserveHoldDays: p.ReserveHoldDays,
          version: head + 1,
          updatedByStaffId: actor.staffId,
          updatedAt: at,
        };
        const [saved] = before
          ? await tx
              .update(merchantCardAccounts)
              .set(values)
              .where(eq(merchantCardAccounts.merchantId, p.MerchantID))
              .returning()
          : await tx
              .insert(merchantCardAccounts)
              .values({ merchantId: p.MerchantID, status: 'not applied', ...values })
              .returning();
        if (!saved) throw new Error('card account not saved');
        const secretAudit: Record<string, { changed: true; fingerprint: string }> = {};
        for (const field of typedSecrets) {
          const sealed = vault.seal(p[field as CardSecretField] as string);
          await tx.insert(merchantCardSecrets).values({
            merchantId: p.MerchantID,
            field,
            ...sealed,
            setByStaffId: actor.staffId,
            setAt: at,
          });
          secretAudit[field] = { changed: true, fingerprint: sealed.fingerprint };
        }
        const settings = settingsOf(saved);
        await tx.insert(merchantCardAccountVersions).values({
          merchantId: p.MerchantID,
          version: saved.version,
          status: saved.status,
          change: before ? 'settings' : 'created',
          settings,
          secrets: Object.fromEntries(
            CARD_SECRET_FIELDS.map((f) => [f, typedSecrets.includes(f) ? 'changed' : 'unchanged']),
          ),
          byStaffId: actor.staffId,
          at,
        });
        const diff = before
          ? changedFields(settingsOf(before) as unknown as Record<string, unknown>, settings)
          : { before: null, after: settings };
        await recordChange(tx, actor, {
          action: before ? 'merchant-card.save' : 'merchant-card.create',
          entity: CARD_ACCOUNT_ENTITY,
          id: p.MerchantID,
          before: diff.before,
          after: { ...diff.after, Version: saved.version, ...secretAudit },
        });
      });
      return config(p.MerchantID, actor);
    },

    async setStatus(p: Params<'SetMerchantCardStatus'>, actor: Actor): Promise<MerchantCardConfig> {
      await merchantOf(db, p.MerchantID);
      const move = CARD_STATUS_MOVES[p.Action];
      const refuse = (account: AccountRow | null) => {
        const status = account?.status ?? 'not applied';
        if (!account) throw new ApiError(409, 'Save the card settings first');
        if (!move.from.includes(status)) throw new ApiError(409, cardMoveRefusal(p.Action, status));
        if (p.Action === 'apply' && account.providerId === null)
          throw new ApiError(409, CARD_MESSAGES.providerNeeded);
        if ((p.Action === 'activate' || p.Action === 'reinstate') && account.mid === '')
          throw new ApiError(409, CARD_MESSAGES.midNeeded);
        return account;
      };
      refuse(await accountOf(db, p.MerchantID));
      await checkStepUp(db, actor.staffId, p, now(), STEP_UP, { passwordWithoutTotp: true });
      const at = now();
      await db.transaction(async (tx) => {
        await merchantOf(tx, p.MerchantID, true);
        const before = refuse(await accountOf(tx, p.MerchantID));
        const [saved] = await tx
          .update(merchantCardAccounts)
          .set({
            status: move.to,
            statusReason: p.Reason || null,
            version: before.version + 1,
            updatedByStaffId: actor.staffId,
            updatedAt: at,
          })
          .where(eq(merchantCardAccounts.merchantId, p.MerchantID))
          .returning();
        if (!saved) throw new Error('card account not moved');
        await tx.insert(merchantCardAccountVersions).values({
          merchantId: p.MerchantID,
          version: saved.version,
          status: saved.status,
          change: `status: ${p.Action}`,
          reason: p.Reason || null,
          settings: settingsOf(saved),
          secrets: Object.fromEntries(CARD_SECRET_FIELDS.map((f) => [f, 'unchanged'])),
          byStaffId: actor.staffId,
          at,
        });
        await recordChange(tx, actor, {
          action: `merchant-card.${p.Action}`,
          entity: CARD_ACCOUNT_ENTITY,
          id: p.MerchantID,
          before: { Status: before.status },
          after: { Status: saved.status, Reason: p.Reason || null, Version: saved.version },
        });
      });
      return config(p.MerchantID, actor);
    },
  };
}

import {
  type ADMIN_CALLS,
  BANK_CHANGE_HOLD_HOURS,
  BANK_MESSAGES,
  type BankAccount,
  bestNameMatch,
  holderMismatchMessage,
  type MerchantBankConfig,
  maskAccount,
  NAME_MATCH_THRESHOLD,
  noMerchantMessage,
  type PayoutHold,
} from '@bo/contract';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database';
import { kycSubmissions, merchantBankAccounts, merchants, payoutHolds, staff } from '../../db/schema';
import { ApiError, badRequest } from '../../plugins/errors';
import { type Actor, recordChange } from '../audit/audit.service';
import { checkStepUp, stepUpMethod } from '../auth/step-up';
import type { Mailer } from '../mail/mailer';
import { PAYOUT_MESSAGES } from '../payouts/payouts.service';
import { PAYOUT_HOLD_ENTITY, startPayoutHold } from './payout-holds';

export { PAYOUT_HOLD_ENTITY };

type Params<K extends keyof typeof ADMIN_CALLS> = z.output<(typeof ADMIN_CALLS)[K]['params']>;

export const BANK_ACCOUNT_ENTITY = 'merchant_bank_account';

/** The step-up refusals, worded as the other config writes word them. */
const STEP_UP = {
  noTotp: PAYOUT_MESSAGES.noTotp,
  codeMissing: 'Type the 6-digit code of your authenticator app to confirm this change',
  wrongCode: PAYOUT_MESSAGES.wrongCode,
  reusedCode: PAYOUT_MESSAGES.reusedCode,
  passwordMissing: 'Type your password to confirm this change',
  wrongPassword: 'That password is not right',
};

const setter = alias(staff, 'setter');
const creator = alias(staff, 'hold_creator');
const releaser = alias(staff, 'hold_releaser');

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const utc = (d: Date) => `${d.toISOString().replace('T', ' ').slice(0, 16)} UTC`;

/** The account's identity: a change of it (not of the bank's address) is what starts a hold. */
const accountKey = (a: {
  iban: string | null;
  accountNumber: string | null;
  routingCode: string | null;
  accountHolder: string | null;
}) =>
  JSON.stringify([
    a.iban?.replace(/\s+/g, '').toUpperCase() ?? null,
    a.accountNumber ?? null,
    a.routingCode ?? null,
    a.accountHolder?.trim().toLowerCase() ?? null,
  ]);

/** What the audit log keeps of a version: everything but the account numbers, which are masked. */
const auditView = (a: {
  version: number;
  payoutCurrency: string;
  rail: string;
  accountHolder: string;
  iban: string | null;
  accountNumber: string | null;
  bic: string | null;
  bankName: string;
  bankCountry: string | null;
  businessAccount: boolean;
  verificationStatus: string;
  nameMatchScore: string;
  ownershipConfirmed: boolean;
}) => ({
  Version: a.version,
  PayoutCurrency: a.payoutCurrency,
  Rail: a.rail,
  AccountHolder: a.accountHolder,
  IBAN: maskAccount(a.iban),
  AccountNumber: maskAccount(a.accountNumber),
  BIC: a.bic,
  BankName: a.bankName,
  BankCountry: a.bankCountry,
  BusinessAccount: a.businessAccount,
  VerificationStatus: a.verificationStatus,
  NameMatchScore: Number(a.nameMatchScore),
  OwnershipConfirmed: a.ownershipConfirmed,
});

export interface MerchantBankDeps {
  db: Db;
  now: () => Date;
  mailer: Mailer;
  log: { warn(obj: unknown, msg?: string): void };
}

/** Merchant Bank Config (ADR 0033): versions of a merchant's payout bank account, the name check and holds. */
export function createMerchantBankService(deps: MerchantBankDeps) {
  const { db, now } = deps;

  const merchantOf = async (tx: DbOrTx, id: number, lock = false) => {
    const query = tx
      .select({
        id: merchants.id,
        shopTitle: merchants.shopTitle,
        email: merchants.email,
        kycStatus: merchants.kycStatus,
        payoutSchema: merchants.payoutSchema,
        details: merchants.details,
      })
      .from(merchants)
      .where(eq(merchants.id, id));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw new ApiError(404, noMerchantMessage(id));
    return row;
  };

  /**
   * The names a holder is compared with: the person and the company of the merchant's KYC (the approved
   * submission, else the latest), else of its record.
   */
  const kycNamesOf = async (tx: DbOrTx, merchantId: number, details: unknown): Promise<string[]> => {
    const [submission] = await tx
      .select({ identity: kycSubmissions.identity })
      .from(kycSubmissions)
      .where(eq(kycSubmissions.merchantId, merchantId))
      .orderBy(sql`(${kycSubmissions.status} = 'approved') desc`, desc(kycSubmissions.submittedOn))
      .limit(1);
    const source = (submission?.identity ?? details ?? {}) as Record<string, unknown>;
    const person = [text(source.FirstName), text(source.LastName)].filter(Boolean).join(' ');
    const names = [person, text(source.CompanyName) ?? ''].filter((n) => n !== '');
    return [...new Set(names)];
  };

  const accountRows = (tx: DbOrTx, merchantId: number) =>
    tx
      .select({ a: merchantBankAccounts, setBy: setter.username })
      .from(merchantBankAccounts)
      .innerJoin(setter, eq(setter.id, merchantBankAccounts.setByStaffId))
      .where(eq(merchantBankAccounts.merchantId, merchantId))
      .orderBy(desc(merchantBankAccounts.version));

  const accountOf = (r: Awaited<ReturnType<typeof accountRows>>[number]): BankAccount => {
    const a = r.a;
    // Only the current account is shown whole; older versions are history and need no full number.
    const shown = (v: string | null) => (a.isCurrent ? v : maskAccount(v));
    return {
      ID: a.id,
      Version: a.version,
      Current: a.isCurrent,
      PayoutCurrency: a.payoutCurrency,
      Rail: a.rail,
      AccountHolder: a.accountHolder,
      IBAN: shown(a.iban),
      AccountNumber: shown(a.accountNumber),
      RoutingCode: a.routingCode,
      BIC: a.bic,
      BankName: a.bankName,
      BankStreet: a.bankStreet,
      BankPostalCode: a.bankPostalCode,
      BankCity: a.bankCity,
      BankCountry: a.bankCountry,
      BusinessAccount: a.businessAccount,
      VerificationStatus: a.verificationStatus,
      NameMatchScore: Number(a.nameMatchScore),
      KycName: a.kycName,
      OwnershipConfirmed: a.ownershipConfirmed,
      Note: a.note,
      SetBy: r.setBy,
      SetAt: a.setAt.toISOString(),
      SupersededAt: iso(a.supersededAt),
    };
  };

  const holdsOf = async (tx: DbOrTx, merchantId: number, at: Date): Promise<PayoutHold[]> => {
    const rows = await tx
      .select({ h: payoutHolds, createdBy: creator.username, releasedBy: releaser.username })
      .from(payoutHolds)
      .innerJoin(creator, eq(creator.id, payoutHolds.createdByStaffId))
      .leftJoin(releaser, eq(releaser.id, payoutHolds.releasedByStaffId))
      .where(eq(payoutHolds.merchantId, merchantId))
      .orderBy(desc(payoutHolds.heldFrom), desc(payoutHolds.id))
      .limit(20);
    return rows.map(({ h, createdBy, releasedBy }) => ({
      ID: h.id,
      Reason: h.reason,
      From: h.heldFrom.toISOString(),
      Until: h.heldUntil.toISOString(),
      Active: h.releasedAt === null && h.heldFrom <= at && h.heldUntil > at,
      CreatedBy: createdBy,
      ReleasedBy: releasedBy,
      ReleasedAt: iso(h.releasedAt),
      ReleaseReason: h.releaseReason,
    }));
  };

  const config = async (merchantId: number, actor: Actor): Promise<MerchantBankConfig> => {
    const at = now();
    const merchant = await merchantOf(db, merchantId);
    const [names, rows, holds, stepUpWith] = await Promise.all([
      kycNamesOf(db, merchantId, merchant.details),
      accountRows(db, merchantId),
      holdsOf(db, merchantId, at),
      stepUpMethod(db, actor.staffId),
    ]);
    const history = rows.map(accountOf);
    const current = history.find((a) => a.Current) ?? null;
    const d = (merchant.details ?? {}) as Record<string, unknown>;
    return {
      Merchant: {
        ID: merchant.id,
        ShopTitle: merchant.shopTitle,
        KycStatus: merchant.kycStatus,
        KycNames: names,
        PayoutSchema: merchant.payoutSchema,
      },
      Current: current,
      OnRecord: current
        ? null
        : {
            AccountHolder: text(d.BankAccountHolder),
            IBAN: text(d.IBAN),
            BIC: text(d.BIC),
            BankName: text(d.BankName),
            BankCountry: text(d.BankCountry),
          },
      History: history,
      Holds: holds,
      ActiveHold: holds.find((h) => h.Active) ?? null,
      StepUpWith: stepUpWith,
    };
  };

  const mailMerchant = async (
    to: string,
    shop: string,
    account: string | null,
    until: Date | null,
    at: Date,
  ) => {
    const lines = [
      `Hello ${shop},`,
      '',
      `The bank account your payouts go to was changed on ${utc(at)} to ${account ?? 'a new account'}.`,
      until
        ? `For your safety, bank payouts are paused until ${utc(until)}.`
        : 'Your bank payouts go on as before.',
      '',
      'If you did not ask for this change, contact our support team now.',
    ];
    try {
      await deps.mailer.send({ to, subject: 'Your payout bank account was changed', text: lines.join('\n') });
    } catch (error) {
      // The change stands (it is committed and audited); the failed notice is logged without the mail body.
      deps.log.warn({ err: error, merchant: shop }, 'bank change notice not sent');
    }
  };

  return {
    get: (p: Params<'GetMerchantBankConfig'>, actor: Actor) => config(p.ID, actor),

    async save(p: Params<'SaveMerchantBankAccount'>, actor: Actor): Promise<MerchantBankConfig> {
      const merchant = await merchantOf(db, p.MerchantID);
      const names = await kycNamesOf(db, p.MerchantID, merchant.details);
      const match = bestNameMatch(p.AccountHolder, names);
      // The name check comes before the step-up, so a refused holder does not use up the code.
      if (match.score < NAME_MATCH_THRESHOLD && !p.ConfirmOwnership) {
        const message = match.kycName
          ? holderMismatchMessage(p.AccountHolder, match.kycName)
          : BANK_MESSAGES.noKycName;
        throw badRequest(message, {
          issues: [{ path: 'ConfirmOwnership', message }],
          NameMatchScore: match.score,
          KycName: match.kycName,
        });
      }
      await checkStepUp(db, actor.staffId, p, now(), STEP_UP, { passwordWithoutTotp: true });
      const at = now();
      const outcome = await db.transaction(async (tx) => {
        // The merchant's row lock queues two saves of one merchant: each takes the next version in turn.
        const locked = await merchantOf(tx, p.MerchantID, true);
        const [current] = await tx
          .select()
          .from(merchantBankAccounts)
          .where(
            and(eq(merchantBankAccounts.merchantId, p.MerchantID), eq(merchantBankAccounts.isCurrent, true)),
          );
        const [{ head } = { head: 0 }] = await tx
          .select({ head: sql<number>`coalesce(max(${merchantBankAccounts.version}), 0)::int` })
          .from(merchantBankAccounts)
          .where(eq(merchantBankAccounts.merchantId, p.MerchantID));
        const d = (locked.details ?? {}) as Record<string, unknown>;
        const previous = current ?? {
          iban: text(d.IBAN),
          accountNumber: text(d.BankAccountNumber),
          routingCode: text(d.BankRoutingNumber),
          accountHolder: text(d.BankAccountHolder),
        };
        const next = {
          iban: p.IBAN ?? null,
          accountNumber: p.AccountNumber ?? null,
          routingCode: p.RoutingCode ?? null,
          accountHolder: p.AccountHolder,
        };
        const accountChanged = accountKey(previous) !== accountKey(next);
        const keepsProof =
          !accountChanged &&
          current !== undefined &&
          (current.verificationStatus === 'verified' ||
            current.verificationStatus === 'micro-deposit-pending');
        const status = keepsProof
          ? (current?.verificationStatus ?? 'unverified')
          : match.score >= NAME_MATCH_THRESHOLD
            ? 'name-match'
            : 'unverified';
        if (current)
          await tx
            .update(merchantBankAccounts)
            .set({ isCurrent: false, supersededAt: at })
            .where(eq(merchantBankAccounts.id, current.id));
        const [saved] = await tx
          .insert(merchantBankAccounts)
          .values({
            merchantId: p.MerchantID,
            version: head + 1,
            isCurrent: true,
            payoutCurrency: p.PayoutCurrency,
            rail: p.Rail,
            ...next,
            bic: p.BIC ?? null,
            bankName: p.BankName,
            bankStreet: p.BankStreet,
            bankPostalCode: p.BankPostalCode,
            bankCity: p.BankCity,
            bankCountry: p.BankCountry ?? null,
            businessAccount: p.BusinessAccount,
            verificationStatus: status,
            nameMatchScore: match.score.toFixed(3),
            kycName: match.kycName,
            ownershipConfirmed: match.score < NAME_MATCH_THRESHOLD && p.ConfirmOwnership,
            note: p.Note ?? '',
            setByStaffId: actor.staffId,
            setAt: at,
          })
          .returning();
        if (!saved) throw new Error('bank account not saved');
        // Payouts read the bank account from the merchant record (payout-schemas paysToOf): it follows.
        const recordFields = {
          BankAccountHolder: p.AccountHolder,
          IBAN: p.IBAN ?? null,
          BIC: p.BIC ?? null,
          BankName: p.BankName || null,
          BankCountry: p.BankCountry ?? null,
          BankAccountNumber: p.AccountNumber ?? null,
          BankRoutingNumber: p.RoutingCode ?? null,
        };
        await tx
          .update(merchants)
          .set({
            details: sql`${merchants.details} || ${JSON.stringify(recordFields)}::jsonb`,
            version: sql`${merchants.version} + 1`,
          })
          .where(eq(merchants.id, p.MerchantID));
        await recordChange(tx, actor, {
          action: 'merchant-bank.save',
          entity: BANK_ACCOUNT_ENTITY,
          id: p.MerchantID,
          before: current
            ? auditView(current)
            : previous.iban || previous.accountNumber
              ? { OnRecord: { IBAN: maskAccount(previous.iban), AccountHolder: previous.accountHolder } }
              : null,
          after: auditView(saved),
        });
        let until: Date | null = null;
        if (accountChanged)
          until = await startPayoutHold(tx, actor, {
            merchantId: p.MerchantID,
            reason: `New bank details (v${saved.version})`,
            at,
            hours: BANK_CHANGE_HOLD_HOURS,
            bankAccountId: saved.id,
          });
        return { saved, until, to: locked.email, shop: locked.shopTitle, accountChanged };
      });
      if (outcome.accountChanged)
        await mailMerchant(
          outcome.to,
          outcome.shop,
          maskAccount(outcome.saved.iban ?? outcome.saved.accountNumber),
          outcome.until,
          at,
        );
      return config(p.MerchantID, actor);
    },

    async releaseHold(p: Params<'ReleasePayoutHold'>, actor: Actor): Promise<MerchantBankConfig> {
      const at = now();
      const [hold] = await db
        .select()
        .from(payoutHolds)
        .where(and(eq(payoutHolds.id, p.ID), isNull(payoutHolds.releasedAt), gt(payoutHolds.heldUntil, at)));
      if (!hold) throw new ApiError(404, BANK_MESSAGES.noHold);
      await checkStepUp(db, actor.staffId, p, at, STEP_UP, { passwordWithoutTotp: true });
      await db.transaction(async (tx) => {
        const [moved] = await tx
          .update(payoutHolds)
          .set({ releasedAt: at, releasedByStaffId: actor.staffId, releaseReason: p.Reason })
          .where(and(eq(payoutHolds.id, p.ID), isNull(payoutHolds.releasedAt)))
          .returning({ id: payoutHolds.id });
        if (!moved) throw new ApiError(404, BANK_MESSAGES.noHold);
        await recordChange(tx, actor, {
          action: 'payout-hold.release',
          entity: PAYOUT_HOLD_ENTITY,
          id: p.ID,
          before: { Until: hold.heldUntil.toISOString() },
          after: { ReleasedAt: at.toISOString(), Reason: p.Reason },
        });
      });
      return config(hold.merchantId, actor);
    },
  };
}

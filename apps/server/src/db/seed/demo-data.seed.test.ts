import {
  FAILURE_NEW_MAX_DAYS,
  MERCHANT_EDITABLE_FIELDS,
  merchantEditableSchema,
  TRANSACTION_STATUSES,
} from '@bo/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';
import type { Database } from '../database';
import {
  altCoins,
  chatMessages,
  failureCauses,
  kycDocuments,
  kycSubmissions,
  merchants,
  notifications,
  openXChangeOf,
  transactions,
} from '../schema';
import { demoCoin } from './catalog.seed';
import { type SeedSummary, seedDemoData } from './demo-data.seed';
import { buildMerchants } from './merchants.seed';
import { createRandom } from './random';

const options = { seed: 4242, days: 5, txPerDay: 20, now: new Date('2026-03-02T12:00:00Z') };
const HOUR = 3_600_000;

describe('seedDemoData', () => {
  let first: Database;
  let second: Database;
  let summary: SeedSummary;
  let secondSummary: SeedSummary;

  beforeAll(async () => {
    [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    summary = await seedDemoData(first.db, options);
    secondSummary = await seedDemoData(second.db, options);
  });

  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  it('gives the same rows and counts for the same seed', async () => {
    expect(secondSummary).toEqual(summary);
    const firstRows = async (database: Database) => ({
      transactions: await database.db.select().from(transactions).orderBy(asc(transactions.id)).limit(40),
      merchants: await database.db.select().from(merchants).orderBy(asc(merchants.id)).limit(10),
      failures: await database.db.select().from(failureCauses).orderBy(asc(failureCauses.id)).limit(10),
      chat: await database.db.select().from(chatMessages).orderBy(asc(chatMessages.id)).limit(10),
      kyc: await database.db.select().from(kycSubmissions).orderBy(asc(kycSubmissions.id)).limit(10),
    });
    const [a, b] = await Promise.all([firstRows(first), firstRows(second)]);
    expect(a.transactions).toHaveLength(40);
    expect(b).toEqual(a);
  });

  it('gives a different data set for another seed', () => {
    const merchantsOf = (seed: number) => buildMerchants(createRandom(seed), 5, options.now, options.days);
    expect(merchantsOf(1).map((m) => m.row.apiKey)).toEqual(merchantsOf(1).map((m) => m.row.apiKey));
    expect(merchantsOf(2)[0]?.row.apiKey).not.toBe(merchantsOf(1)[0]?.row.apiKey);
  });

  it('covers every transaction status of SPEC §4, reflextrader on both prefixes', async () => {
    const rows = await first.db
      .selectDistinct({ prefix: transactions.prefix, status: transactions.status })
      .from(transactions);
    const statuses = new Set(rows.map((r) => r.status));
    for (const status of TRANSACTION_STATUSES) expect(statuses, status).toContain(status);
    expect(rows).toContainEqual({ prefix: 'T', status: 'reflextrader' });
    expect(rows).toContainEqual({ prefix: 'P', status: 'reflextrader' });
    for (const status of TRANSACTION_STATUSES) expect(summary.byStatus[status]).toBeGreaterThan(0);
  });

  it('makes coin 1 Bitcoin and coin 625 the Euro', async () => {
    const [bitcoin] = await first.db.select().from(altCoins).where(eq(altCoins.id, 1));
    const [euro] = await first.db.select().from(altCoins).where(eq(altCoins.id, 625));
    expect(bitcoin).toMatchObject({ name: 'Bitcoin', shortName: 'BTC', isOnline: true, vFiat: 0 });
    expect(euro).toMatchObject({ name: 'Euro', shortName: 'EUR', vFiat: 1, blockExplorer: null });
    expect(summary.altCoins).toBeGreaterThanOrEqual(40);
    const disabled = await first.db.select().from(altCoins).where(sql`${altCoins.name} like '%\\_disabled'`);
    expect(disabled.length).toBeGreaterThan(0);
    expect(disabled.every((c) => !c.isOnline)).toBe(true);
  });

  it('stores every amount as an exact 8-decimal string', async () => {
    const rows = await first.db
      .select({
        originalAmount: transactions.originalAmount,
        amount: transactions.amount,
        volumeEur: transactions.volumeEur,
        revenueEur: transactions.revenueEur,
      })
      .from(transactions);
    expect(rows.length).toBe(summary.transactions + summary.payouts);
    for (const row of rows) {
      for (const value of Object.values(row)) expect(value).toMatch(/^\d+\.\d{8}$/);
    }
  });

  it('keeps waiting payments in the last hour and dates nothing after now', async () => {
    const waiting = await first.db.select().from(transactions).where(eq(transactions.status, 'waiting'));
    expect(waiting.length).toBeGreaterThanOrEqual(3);
    for (const row of waiting) {
      expect(options.now.getTime() - row.createdOn.getTime()).toBeLessThan(HOUR);
    }
    const [late] = await first.db
      .select({ n: sql<number>`count(*)::int` })
      .from(transactions)
      .where(
        sql`${transactions.updatedOn} > ${options.now} or ${transactions.confirmedOn} > ${options.now} or ${transactions.expiredOn} > ${options.now}`,
      );
    expect(late?.n).toBe(0);
    const expired = await first.db.select().from(transactions).where(eq(transactions.status, 'expired'));
    expect(expired.every((r) => r.expiredOn !== null)).toBe(true);
    const underpaid = await first.db.select().from(transactions).where(eq(transactions.status, 'underpaid'));
    expect(underpaid.every((r) => r.notEnough === 1 && r.confirmedOn !== null)).toBe(true);
  });

  it('has clones pointing at an earlier transaction of the same merchant', async () => {
    const clones = await first.db
      .select()
      .from(transactions)
      .where(sql`${transactions.masterTransactionId} is not null`);
    expect(clones.length).toBeGreaterThanOrEqual(2);
    for (const clone of clones) {
      const [master] = await first.db
        .select()
        .from(transactions)
        .where(
          and(eq(transactions.prefix, 'T'), eq(transactions.transactionId, clone.masterTransactionId ?? 0)),
        );
      expect(master?.merchantId).toBe(clone.merchantId);
      expect(master?.transactionId).toBeLessThan(clone.transactionId);
    }
  });

  it('moves the T and P sequences past the seeded numbers', async () => {
    const result = await first.db.execute(
      sql`select nextval('transaction_t_seq')::int as t, nextval('transaction_p_seq')::int as p,
        (select max(transaction_id)::int from transactions where prefix = 'T') as max_t,
        (select max(transaction_id)::int from transactions where prefix = 'P') as max_p`,
    );
    const [row] = (result as unknown as { rows: Array<Record<string, number>> }).rows;
    expect(row?.t).toBe((row?.max_t ?? 0) + 1);
    expect(row?.p).toBe((row?.max_p ?? 0) + 1);
  });

  it('writes the latest PAID, EXPIRED and PAYOUT notifications for real rows', async () => {
    const rows = await first.db.select().from(notifications).orderBy(asc(notifications.id));
    expect(rows).toHaveLength(summary.notifications);
    expect(rows.length).toBe(30);
    for (const note of rows) {
      expect(note.message).toMatch(/^[TP]\d{9} (paid successfully|expired|payout completed)$/);
      const [row] = await first.db
        .select()
        .from(transactions)
        .where(and(eq(transactions.prefix, note.prefix), eq(transactions.transactionId, note.transactionId)));
      const expected = { PAID: ['paid', 'underpaid'], EXPIRED: ['expired'], PAYOUT: ['payout-completed'] }[
        note.kind
      ];
      expect(expected).toContain(row?.status);
    }
  });

  it('leaves open xChange conversions behind each new or sticky failure of a coin people pay with', async () => {
    const since = new Date(options.now.getTime() - FAILURE_NEW_MAX_DAYS * 24 * HOUR);
    const failures = await first.db
      .select()
      .from(failureCauses)
      .where(sql`${failureCauses.createdOn} >= ${since} or ${failureCauses.sticky} = 1`);
    const traded = failures.filter((f) => (demoCoin(f.altCoinId)?.weight ?? 0) > 0);
    expect(traded.length).toBeGreaterThan(0);
    for (const failure of traded) {
      const [row] = await first.db
        .select({ n: sql<number>`count(*)::int` })
        .from(transactions)
        .where(
          and(
            eq(transactions.altCoinId, failure.altCoinId),
            openXChangeOf(transactions),
            sql`${transactions.createdOn} >= ${failure.createdOn}`,
          ),
        );
      expect(row?.n, `failure ${failure.id}`).toBeGreaterThanOrEqual(2);
    }
  });

  it("gives each KYC submission its merchant's identity and a generated image per listed document", async () => {
    const submissions = await first.db.select().from(kycSubmissions).orderBy(asc(kycSubmissions.id));
    const files = await first.db.select().from(kycDocuments).orderBy(asc(kycDocuments.id));
    const records = new Map((await first.db.select().from(merchants)).map((m) => [m.id, m]));
    for (const submission of submissions) {
      const details = records.get(submission.merchantId)?.details as Record<string, unknown>;
      expect(submission.identity).toMatchObject({
        FirstName: details.FirstName,
        LastName: details.LastName,
        DateOfBirth: details.DateOfBirth,
        IdentityDocumentNumber: details.IdentityDocumentNumber,
        City: details.City,
      });
      const listed = submission.documents as Array<{ type: string; fileName: string }>;
      const stored = files.filter((f) => f.submissionId === submission.id);
      expect(stored.map((f) => [f.type, f.fileName])).toEqual(listed.map((d) => [d.type, d.fileName]));
      for (const file of stored) {
        expect(file.mime).toBe('image/svg+xml');
        const image = Buffer.from(file.content).toString('utf8');
        expect(image).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/s);
        expect(image).not.toMatch(/<script|on\w+=/i);
      }
      if (submission.status === 'rejected') expect(submission.decisionReason).toBeTruthy();
      expect(submission.decidedOn === null).toBe(submission.status === 'pending');
    }
    const passport = files.find((f) => f.type === 'passport');
    const owner = submissions.find((s) => s.id === passport?.submissionId)?.identity as Record<
      string,
      string
    >;
    expect(Buffer.from(passport?.content ?? []).toString('utf8')).toContain(owner.IdentityDocumentNumber);
    // The same seed draws the same images.
    const again = await second.db.select().from(kycDocuments).orderBy(asc(kycDocuments.id));
    expect(again.map((f) => Buffer.from(f.content).toString('base64'))).toEqual(
      files.map((f) => Buffer.from(f.content).toString('base64')),
    );
  });

  it('gives every merchant a full record that User Detail accepts as it is', async () => {
    const rows = await first.db.select().from(merchants);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const record = {
        ...(row.details as Record<string, unknown>),
        ShopTitle: row.shopTitle,
        OwnerNickName: row.ownerNickName,
        Name: row.name,
        Email: row.email,
        Country: row.country,
        Locale: row.locale,
        PayoutSchema: row.payoutSchema,
        RiskProfileID: row.riskProfileId,
        Referral: row.referral,
        DisableCheckOut: row.disableCheckout,
        DisablePayout: row.disablePayout,
        LifetimeMember: row.lifetimeMember,
      };
      // Every field present, none missing (a form would show it blank) and every value valid as it stands.
      expect(MERCHANT_EDITABLE_FIELDS.filter((field) => !(field in record))).toEqual([]);
      const parsed = merchantEditableSchema.safeParse(record);
      expect(parsed.success, `merchant ${row.id}: ${JSON.stringify(parsed.error?.issues[0])}`).toBe(true);
    }
  });

  it("keeps each merchant's KYC state equal to its latest submission's", async () => {
    const rows = await first.db.execute(sql`select count(*)::int as n from merchants m where m.kyc_status <>
      coalesce((select k.status from kyc_submissions k where k.merchant_id = m.id
                order by k.submitted_on desc, k.id desc limit 1), 'none')`);
    expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(0);
  });

  it('fills the dashboard boxes: pending KYC, recent registrations, new failures, unread chat', async () => {
    const pending = await first.db.select().from(kycSubmissions).where(eq(kycSubmissions.status, 'pending'));
    expect(pending.length).toBeGreaterThanOrEqual(12);
    expect(summary.kycSubmissions).toBeGreaterThan(summary.merchants * 0.5);
    const dayAgo = new Date(options.now.getTime() - 24 * HOUR);
    const recent = await first.db.select().from(merchants).where(sql`${merchants.registeredOn} > ${dayAgo}`);
    expect(recent.length).toBeGreaterThanOrEqual(3);
    const twoDaysAgo = new Date(options.now.getTime() - 48 * HOUR);
    const fresh = await first.db
      .select()
      .from(failureCauses)
      .where(sql`${failureCauses.createdOn} > ${twoDaysAgo}`);
    expect(fresh.length).toBeGreaterThan(0);
    const contacts = await first.db.selectDistinct({ id: chatMessages.merchantId }).from(chatMessages);
    expect(contacts.length).toBe(15);
    const outgoing = await first.db.select().from(chatMessages).where(eq(chatMessages.direction, 'OUT'));
    expect(outgoing.every((m) => m.staffId === null)).toBe(true);
  });
});

import { ADMIN_CONFIG_DEFAULTS, formatTransactionRef } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { configVersions, feeOverrides, roles, staff } from '../../db/schema';
import { seedDemoData } from '../../db/seed/demo-data.seed';
import { insertMerchant } from '../../test/factories';
import { createTestDatabase } from '../../test/test-database';
import { createFeesService } from '../fees/fees.service';
import { createIngestService, type IngestService } from './ingest.service';

// BTC (1) is seeded at 90 000 EUR, the euro (625) at 1 (catalog seed).
const BTC = 1;
const EUR = 625;
const start = new Date('2026-03-02T12:00:00Z');

describe('ingest books the fee of the winning Merchant Fees Custom rule', () => {
  let database: Database;
  let ingest: IngestService;
  let staffId: number;
  let approverId: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoData(database.db, { seed: 5, days: 1, txPerDay: 5, now: start });
    ingest = createIngestService(database.db, { now: () => start });
    // Rules need an author; no role or session matters here.
    const [role] = await database.db.insert(roles).values({ name: 'fees-test' }).returning({ id: roles.id });
    const [author] = await database.db
      .insert(staff)
      .values({
        username: 'fees-at-ingest',
        email: 'fees-at-ingest@backoffice.test',
        displayName: 'Fees author',
        passwordHash: 'not-a-hash',
        roleId: role?.id ?? 0,
        apiKey: 'fees-at-ingest-key',
      })
      .returning({ id: staff.id });
    staffId = author?.id ?? 0;
    const [approver] = await database.db
      .insert(staff)
      .values({
        username: 'fees-approver',
        email: 'fees-approver@backoffice.test',
        displayName: 'Fees approver',
        passwordHash: 'not-a-hash',
        roleId: role?.id ?? 0,
        apiKey: 'fees-approver-key',
      })
      .returning({ id: staff.id });
    approverId = approver?.id ?? 0;
  });

  afterAll(async () => {
    await database?.close();
  });

  type Rule = Partial<typeof feeOverrides.$inferInsert> & { merchantId: number; feePercent: string };
  const addRule = async (rule: Rule) => {
    const [row] = await database.db
      .insert(feeOverrides)
      .values({
        flow: 'incoming',
        feeCurrencyId: EUR,
        paidBy: 'merchant',
        validFrom: '2026-03-01',
        createdByStaffId: staffId,
        createdOn: start,
        ...rule,
      })
      .returning({ id: feeOverrides.id });
    if (!row) throw new Error('rule not saved');
    return row.id;
  };

  const paidPayment = async (merchantId: number, originalAmount: string) => {
    const created = await ingest.createWaitingTransaction({
      merchantId,
      altCoinId: BTC,
      originalAmount,
      inputCurrency: 'EUR',
      transactionType: 'API',
      coinAddress: 'bc1qexampleexampleexampleexampleexample0000',
    });
    return ingest.markPaid(formatTransactionRef('T', created.transactionId));
  };

  it('keeps the merchant FeePercentage or platform default when no rule applies', async () => {
    const merchantId = await insertMerchant(database.db);
    // A rule that starts tomorrow and an ended one do not apply today.
    await addRule({ merchantId, feePercent: '5', validFrom: '2026-03-03' });
    await addRule({ merchantId, feePercent: '6', status: 'ended' });
    const paid = await paidPayment(merchantId, '90.00');
    expect(paid.feeRuleId).toBeNull();
    // The platform default 0.75 %.
    expect(paid.originalAmountFee).toBe('0.67500000');
    expect(paid.revenueEur).toBe('0.67500000');
  });

  it('prices a paid payment by the merchant rule and records the rule on it', async () => {
    const merchantId = await insertMerchant(database.db);
    const ruleId = await addRule({ merchantId, feePercent: '2' });
    const paid = await paidPayment(merchantId, '90.00');
    expect(paid.feeRuleId).toBe(ruleId);
    expect(paid.originalAmountFee).toBe('1.80000000');
    expect(paid.revenueEur).toBe('1.80000000');
  });

  it('lets a coin rule win over the merchant-wide rule, with its fixed fee converted into the coin', async () => {
    const merchantId = await insertMerchant(database.db);
    await addRule({ merchantId, feePercent: '2' });
    const coinRule = await addRule({ merchantId, feePercent: '1', altCoinId: BTC, fixedFee: '1' });
    const paid = await paidPayment(merchantId, '90.00');
    expect(paid.feeRuleId).toBe(coinRule);
    // 1 % of 0.001 BTC plus 1 EUR as BTC (0.00001111): 0.00002111 BTC, worth 1.8999 EUR.
    expect(paid.originalAmountFee).toBe('1.89990000');
    // The calculator on the screen gives the same fee for the same payment.
    const effective = await createFeesService({ db: database.db, now: () => start }).effective({
      MerchantID: merchantId,
      Flow: 'incoming',
      AltCoinID: BTC,
      Amount: paid.amount,
      On: '2026-03-02',
    });
    expect(effective.Rule?.ID).toBe(coinRule);
    expect(effective.Fee).toBe('0.00002111');
  });

  it('holds the fee at the rule minimum', async () => {
    const merchantId = await insertMerchant(database.db);
    const ruleId = await addRule({ merchantId, feePercent: '0.1', altCoinId: BTC, minFee: '5' });
    const paid = await paidPayment(merchantId, '90.00');
    expect(paid.feeRuleId).toBe(ruleId);
    // 0.1 % would be 0.09 EUR; the minimum 5 EUR is 0.00005556 BTC, worth 5.0004 EUR.
    expect(paid.originalAmountFee).toBe('5.00040000');
  });

  it('prices a completed payout by the merchant payout rule instead of the platform payout fee', async () => {
    const merchantId = await insertMerchant(database.db);
    const ruleId = await addRule({ merchantId, feePercent: '0.1', flow: 'payout' });
    const payout = await ingest.createPayout({
      merchantId,
      altCoinId: EUR,
      originalAmount: '1000.00',
      inputCurrency: 'EUR',
      coinAddress: 'NA',
      externalProvider: 'BankLink',
    });
    const done = await ingest.completePayout(formatTransactionRef('P', payout.transactionId));
    expect(done.feeRuleId).toBe(ruleId);
    expect(done.revenueEur).toBe('1.00000000');
    expect(done.originalAmountFee).toBe('1.00000000');
  });

  it('charges the Admin Config default fee, once a version is active, to a merchant without a rule or fee', async () => {
    const merchantId = await insertMerchant(database.db);
    await database.db.insert(configVersions).values({
      ns: 'admin',
      version: 1,
      values: { ...ADMIN_CONFIG_DEFAULTS, defaultFeePct: '1.2000' },
      status: 'active',
      authorStaffId: staffId,
      author: 'fees-at-ingest',
      createdAt: start,
      // Four-eyes is the engine's business; the row only needs an approver other than its author.
      approverStaffId: approverId,
      approver: 'fees-approver',
      decidedAt: start,
      activatedAt: start,
    });
    const paid = await paidPayment(merchantId, '90.00');
    expect(paid.feeRuleId).toBeNull();
    expect(paid.originalAmountFee).toBe('1.08000000');
    const effective = await createFeesService({ db: database.db, now: () => start }).effective({
      MerchantID: merchantId,
      Flow: 'incoming',
      AltCoinID: BTC,
      Amount: paid.amount,
      On: '2026-03-02',
    });
    expect(effective).toMatchObject({
      FeePercent: '1.2000',
      DefaultSource: 'platform default fee (Admin Config)',
    });
  });
});

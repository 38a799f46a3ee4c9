import { ADMIN_CALLS, FEE_MESSAGES, type FeeRuleRow } from '@bo/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../config/env';
import { auditLog, merchants, paymentProviders } from '../../db/schema';
import { seedCatalog } from '../../db/seed/catalog.seed';
import { adminPost } from '../../test/access-helpers';
import { insertMerchant } from '../../test/factories';
import { adminGet, createTestApp, csrf, signIn, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin = '';
let support = '';
let northwind = 0;
let acme = 0;
const provider: Record<string, number> = {};
const BTC = 1;
const ETH = 5;
const EUR = 625;

beforeAll(async () => {
  t = await createTestApp({ jwtTtlSeconds: 3600 });
  const { db } = t.database;
  await seedCatalog(db, t.clock.now());
  for (const p of await db.select().from(paymentProviders)) provider[p.name] = p.id;
  northwind = await insertMerchant(db, 'Northwind Coffee');
  acme = await insertMerchant(db, 'Acme Tools');
  // Acme negotiated 0.80 % on its merchant record (the fee ingest charges today).
  await db
    .update(merchants)
    .set({ details: { FeePercentage: '0.80' } })
    .where(eq(merchants.id, acme));
  admin = (await signIn(t.app, 'admin')).token;
  support = (await signIn(t.app, 'support')).token;
});
afterAll(() => t.close());

const save = (payload: object, token = admin) => adminPost(t.app, token, 'SaveFeeRule', payload);
const rule = (over: object = {}) => ({
  MerchantID: northwind,
  Flow: 'incoming',
  FeePercent: '0.5',
  PaidBy: 'merchant',
  ValidFrom: '2026-03-01',
  ...over,
});
const created = async (over: object): Promise<FeeRuleRow> => {
  const response = await save(rule(over));
  expect(response.statusCode, response.body).toBe(200);
  return ADMIN_CALLS.SaveFeeRule.data.parse(response.json().data);
};
const calc = async (query: Record<string, string>) => {
  const response = await adminGet(t.app, admin, 'EffectiveFee', {
    MerchantID: String(northwind),
    Flow: 'incoming',
    On: '2026-04-01',
    ...query,
  });
  expect(response.statusCode, response.body).toBe(200);
  return ADMIN_CALLS.EffectiveFee.data.parse(response.json().data);
};

describe('fee rules: access', () => {
  it('every fee call is refused to staff without admin-commander', async () => {
    for (const [call, query] of [
      ['ListFeeRules', {}],
      ['ListFeeProviders', {}],
      ['EffectiveFee', { MerchantID: String(northwind), Flow: 'incoming', AltCoinID: '1', Amount: '1' }],
    ] as const) {
      expect((await adminGet(t.app, support, call, query)).statusCode, call).toBe(403);
    }
    expect((await save(rule(), support)).statusCode).toBe(403);
    expect((await adminPost(t.app, support, 'EndFeeRule', { ID: 1, Reason: 'x' })).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin?Call=ListFeeRules' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lists the platform providers and payout types a rule may name', async () => {
    const response = await adminGet(t.app, admin, 'ListFeeProviders');
    expect(response.statusCode).toBe(200);
    const list = ADMIN_CALLS.ListFeeProviders.data.parse(response.json().data);
    expect(list).toContainEqual({ ID: provider.Stripe, Name: 'Stripe', Kind: 'provider' });
    expect(list).toContainEqual({ ID: provider['EUR Bank'], Name: 'EUR Bank', Kind: 'payout_type' });
  });
});

describe('fee rules: bad input', () => {
  it.each([
    [{ FeePercent: '100.0001' }, 'FeePercent', FEE_MESSAGES.percent],
    [{ FeePercent: '0.12345' }, 'FeePercent', FEE_MESSAGES.percent],
    [{ FeePercent: '-1' }, 'FeePercent', FEE_MESSAGES.percent],
    [{ FeePercent: '1e2' }, 'FeePercent', FEE_MESSAGES.percent],
    [{ MinFee: '5', MaxFee: '1' }, 'MinFee', FEE_MESSAGES.minMax],
    [{ ValidTo: '2026-03-01' }, 'ValidTo', FEE_MESSAGES.validTo],
    [{ ValidTo: '2026-02-01' }, 'ValidTo', FEE_MESSAGES.validTo],
    [{ PaidBy: 'shared' }, 'MerchantSharePercent', FEE_MESSAGES.share],
    [{ FixedFee: '0.123456789' }, 'FixedFee', FEE_MESSAGES.fixed],
    [{ ValidFrom: '2026-02-30' }, 'ValidFrom', 'Valid from is not a real date'],
    [{ Flow: 'refund' }, 'Flow', 'The flow must be one of incoming, payout, conversion, card'],
  ])('%o is refused on %s with the brief’s message', async (over, path, message) => {
    const response = await save(rule(over));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(response.json().data.issues).toContainEqual({ path, message });
  });

  it('takes 100 and 0 percent with 4 decimals, and compares min and max as decimals, not text', async () => {
    const edge = await created({
      MerchantID: acme,
      Flow: 'card',
      FeePercent: '100.0000',
      MinFee: '9',
      MaxFee: '10',
      ValidTo: '2026-03-02',
    });
    expect(edge).toMatchObject({ FeePercent: '100.0000', MinFee: '9.00000000', MaxFee: '10.00000000' });
  });

  it('refuses an unknown merchant, coin or provider, and a provider that does not fit the flow', async () => {
    expect((await save(rule({ MerchantID: 999_999 }))).json()).toMatchObject({
      status_code: 404,
      message: 'No merchant with that id',
    });
    expect((await save(rule({ AltCoinID: 4242 }))).json().message).toBe('No coin found with ID 4242');
    const wrongKind = await save(rule({ ProviderID: provider['EUR Bank'] }));
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().message).toBe(
      'EUR Bank is a payout type; a incoming rule names a payment provider',
    );
  });
});

describe('fee rules: overlap, ending and audit', () => {
  it('refuses an overlapping rule of the same key with the brief’s message; other keys and later dates pass', async () => {
    const first = await created({ AltCoinID: BTC, ValidTo: '2026-06-01', Note: 'Q2 deal' });
    expect(first).toMatchObject({
      Merchant: 'Northwind Coffee',
      Coin: 'Bitcoin',
      Provider: null,
      Precedence: 'merchant + coin',
      CreatedBy: 'admin',
    });
    const clash = await save(rule({ AltCoinID: BTC, ValidFrom: '2026-05-01' }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(
      'Another rule for Northwind Coffee · Bitcoin · any provider is active from 2026-03-01. End it first or choose other dates',
    );
    // Open-ended before it: overlaps too.
    expect((await save(rule({ AltCoinID: BTC, ValidFrom: '2026-01-01' }))).statusCode).toBe(409);
    // Back to back (valid to is the first day it no longer applies), another flow, another coin: all fine.
    await created({ AltCoinID: BTC, ValidFrom: '2026-06-01', FeePercent: '0.45' });
    await created({ AltCoinID: BTC, Flow: 'payout', ValidTo: '2026-06-01' });
    await created({ AltCoinID: ETH, ValidTo: '2026-06-01' });
  });

  it('ends a rule with a reason (audited); it then no longer blocks its dates; ending twice is a 409', async () => {
    const stripe = await created({ ProviderID: provider.Stripe, FeePercent: '0.9' });
    const noReason = await adminPost(t.app, admin, 'EndFeeRule', { ID: stripe.ID, Reason: ' ' });
    expect(noReason.json().message).toBe(FEE_MESSAGES.reason);
    const ended = await adminPost(t.app, admin, 'EndFeeRule', { ID: stripe.ID, Reason: 'Renegotiated' });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().data).toMatchObject({ Status: 'ended', EndedBy: 'admin', EndReason: 'Renegotiated' });
    expect((await adminPost(t.app, admin, 'EndFeeRule', { ID: stripe.ID, Reason: 'again' })).statusCode).toBe(
      409,
    );
    expect((await adminPost(t.app, admin, 'EndFeeRule', { ID: 999_999, Reason: 'x' })).json().message).toBe(
      FEE_MESSAGES.noRule,
    );
    const replacement = await created({ ProviderID: provider.Stripe, FeePercent: '0.85' });
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'fee_override'), eq(auditLog.entityId, String(stripe.ID))));
    expect(entries.map((e) => e.action)).toEqual(['fee_rule.create', 'fee_rule.end']);
    expect(entries[1]?.after).toEqual({ status: 'ended', reason: 'Renegotiated' });
    await adminPost(t.app, admin, 'EndFeeRule', { ID: replacement.ID, Reason: 'Test tidy-up' });
  });

  it('lists server-paged with filters and shows the status by date; exports the filtered rows as CSV', async () => {
    t.clock.set(new Date('2026-04-01T12:00:00Z'));
    const page = await adminGet(t.app, admin, 'ListFeeRules', {
      merchantId: String(northwind),
      limit: '2',
      page: '1',
    });
    expect(page.statusCode, page.body).toBe(200);
    const answer = ADMIN_CALLS.ListFeeRules.data.parse(page.json().data);
    expect(answer.records).toHaveLength(2);
    expect(answer.meta.total).toBeGreaterThan(4);
    const scheduled = ADMIN_CALLS.ListFeeRules.data.parse(
      (
        await adminGet(t.app, admin, 'ListFeeRules', { merchantId: String(northwind), status: 'scheduled' })
      ).json().data,
    );
    expect(scheduled.records.map((r) => [r.Coin, r.ValidFrom])).toEqual([['Bitcoin', '2026-06-01']]);
    const ended = ADMIN_CALLS.ListFeeRules.data.parse(
      (await adminGet(t.app, admin, 'ListFeeRules', { status: 'ended' })).json().data,
    );
    expect(ended.records.every((r) => r.Status === 'ended')).toBe(true);
    expect((await adminGet(t.app, admin, 'ListFeeRules', { status: 'gone' })).statusCode).toBe(400);
    const csv = await t.app.inject({
      method: 'POST',
      url: '/api/admin/export?Call=ListFeeRules',
      headers: { ...csrf, authorization: `Bearer ${admin}` },
      payload: {
        params: { merchantId: northwind, status: 'scheduled' },
        columns: [
          { key: 'Merchant', header: 'Merchant' },
          { key: 'Coin', header: 'Coin' },
          { key: 'FeePercent', header: 'Fee %' },
          { key: 'ValidFrom', header: 'Valid from' },
        ],
      },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body.slice(1).split('\r\n').slice(0, 2)).toEqual([
      'Merchant,Coin,Fee %,Valid from',
      'Northwind Coffee,Bitcoin,0.4500,2026-06-01',
    ]);
  });
});

describe('effective-fee calculator', () => {
  it('falls back to the platform default: the merchant’s FeePercentage, else 0.75 %; payouts 0.25 %', async () => {
    const own = await calc({ MerchantID: String(acme), AltCoinID: String(BTC), Amount: '2' });
    expect(own).toMatchObject({
      Precedence: 'platform default',
      Rule: null,
      DefaultSource: "merchant's FeePercentage",
      FeePercent: '0.80',
      Fee: '0.01600000',
      Currency: 'BTC',
    });
    const other = await insertMerchant(t.database.db, 'Plain Shop');
    const plain = await calc({ MerchantID: String(other), AltCoinID: String(BTC), Amount: '2' });
    expect(plain).toMatchObject({
      DefaultSource: 'platform default fee (Admin Config)',
      FeePercent: '0.7500',
      Fee: '0.01500000',
      MerchantPays: '0.01500000',
      CustomerPays: '0.00000000',
    });
    const payout = await calc({
      MerchantID: String(other),
      Flow: 'payout',
      AltCoinID: String(BTC),
      Amount: '2',
    });
    expect(payout).toMatchObject({
      FeePercent: '0.25',
      Fee: '0.00500000',
      DefaultSource: 'platform payout fee',
    });
  });

  it('applies precedence: coin + provider > coin > provider > merchant alone', async () => {
    const shop = await insertMerchant(t.database.db, 'Precedence Shop');
    const base = { MerchantID: shop, ValidFrom: '2026-01-01' };
    const merchantOnly = await created({ ...base, FeePercent: '1' });
    const providerOnly = await created({ ...base, FeePercent: '2', ProviderID: provider.Stripe });
    const coinOnly = await created({ ...base, FeePercent: '3', AltCoinID: BTC });
    const both = await created({ ...base, FeePercent: '4', AltCoinID: BTC, ProviderID: provider.Stripe });
    const at = (AltCoinID: number, ProviderID?: number) =>
      calc({
        MerchantID: String(shop),
        AltCoinID: String(AltCoinID),
        ProviderID: ProviderID ? String(ProviderID) : '',
        Amount: '100',
      });
    expect((await at(BTC, provider.Stripe)).Rule?.ID).toBe(both.ID);
    expect((await at(BTC, provider.Rapyd)).Rule?.ID).toBe(coinOnly.ID);
    expect((await at(BTC)).Rule?.ID).toBe(coinOnly.ID);
    expect((await at(ETH, provider.Stripe)).Rule?.ID).toBe(providerOnly.ID);
    const fallback = await at(ETH);
    expect(fallback).toMatchObject({ Precedence: 'merchant', Fee: '1.00000000' });
    expect(fallback.Rule?.ID).toBe(merchantOnly.ID);
    // Outside a rule's dates it does not apply.
    expect(
      (await calc({ MerchantID: String(shop), AltCoinID: String(ETH), Amount: '100', On: '2025-12-31' }))
        .Precedence,
    ).toBe('platform default');
  });

  it('adds the fixed fee converted at EUR rates, applies min / max and splits a shared fee, in exact decimals', async () => {
    const shop = await insertMerchant(t.database.db, 'Exact Shop');
    await created({
      MerchantID: shop,
      AltCoinID: BTC,
      FeePercent: '0.1234',
      FixedFee: '9',
      FeeCurrencyID: EUR,
      MinFee: '18',
      MaxFee: '900',
      PaidBy: 'shared',
      MerchantSharePercent: '60',
      ValidFrom: '2026-01-01',
    });
    // 1 BTC = 90000 EUR: 9 EUR = 0.0001 BTC; 0.5 BTC × 0.1234 % = 0.000617 BTC.
    const mid = await calc({ MerchantID: String(shop), AltCoinID: String(BTC), Amount: '0.5' });
    expect(mid).toMatchObject({
      PercentPart: '0.00061700',
      FixedPart: '0.00010000',
      Limited: null,
      Fee: '0.00071700',
      MerchantPays: '0.00043020',
      CustomerPays: '0.00028680',
    });
    // A tiny amount: the minimum of 18 EUR = 0.0002 BTC.
    const low = await calc({ MerchantID: String(shop), AltCoinID: String(BTC), Amount: '0.00000001' });
    expect(low).toMatchObject({ Limited: 'min', Fee: '0.00020000' });
    // A large amount: the maximum of 900 EUR = 0.01 BTC.
    const high = await calc({
      MerchantID: String(shop),
      AltCoinID: String(BTC),
      Amount: '123456789.12345678',
    });
    expect(high).toMatchObject({ Limited: 'max', Fee: '0.01000000', Amount: '123456789.12345678' });
  });

  it('refuses a bad amount and an unknown coin', async () => {
    for (const Amount of ['0', '-1', 'abc', '1.123456789']) {
      const response = await adminGet(t.app, admin, 'EffectiveFee', {
        MerchantID: String(northwind),
        Flow: 'incoming',
        AltCoinID: '1',
        Amount,
      });
      expect(response.statusCode, Amount).toBe(400);
      expect(response.json().message).toBe(FEE_MESSAGES.amount);
    }
    const coin = await adminGet(t.app, admin, 'EffectiveFee', {
      MerchantID: String(northwind),
      Flow: 'incoming',
      AltCoinID: '4242',
      Amount: '1',
    });
    expect(coin.json()).toMatchObject({ status_code: 404, message: 'No coin found with ID 4242' });
  });
});

describe('concurrent creates', () => {
  // Two connections at once need PostgreSQL (TEST_DATABASE_URL); PGlite has a single connection.
  it.runIf(Boolean(readEnv().TEST_DATABASE_URL))(
    'two overlapping creates at the same moment: exactly one is kept, the other gets the overlap message',
    async () => {
      const shop = await insertMerchant(t.database.db, 'Race Shop');
      const answers = await Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          save(
            rule({
              MerchantID: shop,
              AltCoinID: ETH,
              FeePercent: `0.${i + 1}`,
              ValidFrom: `2026-03-0${i + 1}`,
            }),
          ),
        ),
      );
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes).toEqual([200, 409, 409, 409]);
      for (const a of answers.filter((x) => x.statusCode === 409))
        expect(a.json().message).toMatch(
          /^Another rule for Race Shop · Ethereum · any provider is active from 2026-03-0\d\. End it first or choose other dates$/,
        );
      const list = ADMIN_CALLS.ListFeeRules.data.parse(
        (await adminGet(t.app, admin, 'ListFeeRules', { merchantId: String(shop) })).json().data,
      );
      expect(list.meta.total).toBe(1);
    },
  );
});

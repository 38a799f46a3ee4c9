import { ADMIN_CALLS, CARD_MESSAGES, type MerchantCardConfig } from '@bo/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, merchantCardSecrets, paymentProviders, transactions } from '../../db/schema';
import { seedCatalog } from '../../db/seed/catalog.seed';
import { adminPost, nextTotpCode, signInWithTotp } from '../../test/access-helpers';
import { insertMerchant, insertTransaction } from '../../test/factories';
import { adminGet, createTestApp, signIn, TEST_PASSWORD, type TestApp } from '../../test/test-app';
import { CARD_ACCOUNT_ENTITY } from './merchant-card.service';

let t: TestApp;
let admin = '';
let secure = '';
let support = '';
let shop = 0;
const provider: Record<string, number> = {};
const API_KEY = 'sk_live_sub_merchant_9f3a';
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ jwtTtlSeconds: 3600 }, {});
  const { db } = t.database;
  await seedCatalog(db, t.clock.now());
  for (const p of await db.select().from(paymentProviders)) provider[p.name] = p.id;
  shop = await insertMerchant(db, 'Northwind Coffee');
  admin = (await signIn(t.app, 'admin')).token;
  support = (await signIn(t.app, 'support')).token;
  secure = await signInWithTotp(t, 'secure');
});
afterAll(() => t.close());

const settings = (over: object = {}) => ({
  MerchantID: shop,
  ExpectedVersion: 0,
  ProviderID: provider.Stripe,
  MCC: '5814',
  Descriptor: 'NORTHWIND* COFFEE',
  ThreeDs: 'risk-based',
  Brands: ['Visa', 'Mastercard'],
  InternationalCards: true,
  Currencies: ['EUR'],
  MinTxEur: '1',
  MaxTxEur: '500',
  DailyCapEur: '5000',
  MonthlyCapEur: '100000',
  RollingReservePct: '5',
  ReserveHoldDays: 90,
  Password: TEST_PASSWORD,
  ...over,
});
const save = (over: object = {}, token = admin) =>
  adminPost(t.app, token, 'SaveMerchantCardConfig', settings(over));
const answer = (body: string) =>
  ADMIN_CALLS.SaveMerchantCardConfig.data.parse((JSON.parse(body) as { data: unknown }).data);
const move = (Action: string, over: object = {}, token = admin) =>
  adminPost(t.app, token, 'SetMerchantCardStatus', {
    MerchantID: shop,
    Action,
    Password: TEST_PASSWORD,
    ...over,
  });
const issuesOf = (body: string) =>
  (JSON.parse(body) as { data: { issues: { path: string; message: string }[] } }).data.issues;

describe('merchant card accounts: access', () => {
  it('every call is refused to staff without admin-commander', async () => {
    expect((await adminGet(t.app, support, 'ListMerchantCardAccounts')).statusCode).toBe(403);
    expect((await adminGet(t.app, support, 'GetMerchantCardConfig', { ID: String(shop) })).statusCode).toBe(
      403,
    );
    expect((await save({}, support)).statusCode).toBe(403);
    expect((await move('apply', {}, support)).statusCode).toBe(403);
  });

  it('answers 404 with the brief text for a merchant that does not exist, and an empty overview at first', async () => {
    const missing = await adminGet(t.app, admin, 'GetMerchantCardConfig', { ID: '123' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No merchant found with ID 123');
    const list = ADMIN_CALLS.ListMerchantCardAccounts.data.parse(
      (await adminGet(t.app, admin, 'ListMerchantCardAccounts')).json().data,
    );
    expect(list.records).toEqual([]);
  });
});

describe('merchant card accounts: bad input', () => {
  it.each([
    ['an MCC of 3 digits', { MCC: '581' }, 'MCC', CARD_MESSAGES.mcc],
    ['a descriptor of 4 characters', { Descriptor: 'NWCF' }, 'Descriptor', CARD_MESSAGES.descriptor],
    [
      'a descriptor of 23 characters',
      { Descriptor: 'NORTHWIND COFFEE ROASTR' },
      'Descriptor',
      CARD_MESSAGES.descriptor,
    ],
    [
      'a descriptor with an underscore',
      { Descriptor: 'NORTHWIND_COFFEE' },
      'Descriptor',
      CARD_MESSAGES.descriptor,
    ],
    [
      'a daily cap under the per-transaction maximum',
      { DailyCapEur: '400' },
      'DailyCapEur',
      CARD_MESSAGES.caps,
    ],
    ['a monthly cap under the daily cap', { MonthlyCapEur: '4999.99' }, 'DailyCapEur', CARD_MESSAGES.caps],
    [
      'a rolling reserve above 20 %',
      { RollingReservePct: '20.5' },
      'RollingReservePct',
      CARD_MESSAGES.reserve,
    ],
    ['181 reserve hold days', { ReserveHoldDays: 181 }, 'ReserveHoldDays', CARD_MESSAGES.holdDays],
    ['no brand', { Brands: [] }, 'Brands', CARD_MESSAGES.brands],
  ])('refuses %s with the brief text on the field', async (_what, over, path, message) => {
    const response = await save(over);
    expect(response.statusCode, response.body).toBe(400);
    expect(issuesOf(response.body)).toContainEqual({ path, message });
  });

  it('refuses a payout type as the card provider', async () => {
    const response = await save({ ProviderID: provider.Wallet });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(CARD_MESSAGES.notFiat);
  });
});

describe('merchant card accounts: settings, secrets and status', () => {
  let config: MerchantCardConfig;

  it('saves version 1 with a sealed API key shown masked only, and audits its fingerprint, never the value', async () => {
    const response = await save({ SubMerchantApiKey: API_KEY });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toContain(API_KEY);
    config = answer(response.body);
    expect(config).toMatchObject({ Version: 1, Status: 'not applied', Provider: 'Stripe' });
    expect(config.Settings).toMatchObject({ MCC: '5814', DailyCapEur: '5000.00', RollingReservePct: '5.00' });
    expect(config.Secrets.SubMerchantApiKey).toMatchObject({ Last4: '9f3a', SetBy: 'admin' });
    expect(config.Secrets.WebhookSecret).toBeNull();
    expect(config.History[0]?.Secrets).toEqual({ SubMerchantApiKey: 'changed', WebhookSecret: 'unchanged' });
    const [stored] = await t.database.db.select().from(merchantCardSecrets);
    expect(stored?.ciphertext).not.toContain(API_KEY);
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, CARD_ACCOUNT_ENTITY))
      .orderBy(desc(auditLog.id));
    expect(row?.action).toBe('merchant-card.create');
    expect(JSON.stringify(row)).not.toContain(API_KEY);
    expect(JSON.stringify(row)).toContain(config.Secrets.SubMerchantApiKey?.Fingerprint ?? 'none');
  });

  it('refuses a save made against an older version (409) and keeps the secret when none is typed', async () => {
    const stale = await save({ ExpectedVersion: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'This card config changed since you opened it (v0 → v1). Reload to see the changes.',
    );
    const next = answer((await save({ ExpectedVersion: 1, ThreeDs: 'always' })).body);
    expect(next.Version).toBe(2);
    expect(next.Secrets.SubMerchantApiKey?.Last4).toBe('9f3a');
  });

  it('moves through the workflow: apply, activate only with a MID, suspend with a reason (TOTP step-up), reinstate', async () => {
    expect(answer((await move('apply')).body).Status).toBe('applying');
    const noMid = await move('activate');
    expect(noMid.statusCode).toBe(409);
    expect(noMid.json().message).toBe(CARD_MESSAGES.midNeeded);
    expect((await save({ ExpectedVersion: 3, MID: 'MID-4471-0093' })).statusCode).toBe(200);
    expect(answer((await move('activate')).body).Status).toBe('active');
    const noReason = await move('suspend');
    expect(noReason.statusCode).toBe(400);
    expect(issuesOf(noReason.body)).toContainEqual({ path: 'Reason', message: CARD_MESSAGES.reason });
    const suspended = await move(
      'suspend',
      { Reason: 'Chargeback ratio above 0.9 % in October', Password: undefined, Code: await nextTotpCode(t) },
      secure,
    );
    expect(suspended.statusCode, suspended.body).toBe(200);
    const after = answer(suspended.body);
    expect(after).toMatchObject({
      Status: 'suspended',
      StatusReason: 'Chargeback ratio above 0.9 % in October',
    });
    expect(after.History[0]).toMatchObject({ Change: 'status: suspend', By: 'secure' });
    const twice = await move('suspend', { Reason: 'again' });
    expect(twice.json().message).toBe('Card acceptance is suspended: it cannot be suspended now');
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, CARD_ACCOUNT_ENTITY))
      .orderBy(desc(auditLog.id));
    expect(row).toMatchObject({ action: 'merchant-card.suspend', actorUsername: 'secure' });
    expect(answer((await move('reinstate')).body).Status).toBe('active');
  });

  it('lists the merchant in the overview with its 30-day card volume through its provider only', async () => {
    const paid = async (providerName: string, volume: string, daysAgo: number) => {
      const tx = await insertTransaction(t.database.db, {
        merchantId: shop,
        altCoinId: 1,
        status: 'paid',
        amount: '0.001',
        createdOn: new Date(t.clock.now().getTime() - daysAgo * DAY),
      });
      await t.database.db
        .update(transactions)
        .set({ externalProvider: providerName, volumeEur: volume })
        .where(eq(transactions.id, tx.id));
    };
    await paid('Stripe', '120.50', 2);
    await paid('Stripe', '79.50', 29);
    await paid('Stripe', '1000', 31);
    await paid('Square', '1000', 1);
    const response = await adminGet(t.app, admin, 'ListMerchantCardAccounts', { status: 'active' });
    expect(response.statusCode).toBe(200);
    const list = ADMIN_CALLS.ListMerchantCardAccounts.data.parse(response.json().data);
    expect(list.records).toEqual([
      expect.objectContaining({
        MerchantID: shop,
        Status: 'active',
        Provider: 'Stripe',
        MID: 'MID-4471-0093',
        Descriptor: 'NORTHWIND* COFFEE',
        CardVolume30dEur: '200.00',
      }),
    ]);
    const suspended = await adminGet(t.app, admin, 'ListMerchantCardAccounts', { status: 'suspended' });
    expect(suspended.json().data.records).toEqual([]);
  });
});

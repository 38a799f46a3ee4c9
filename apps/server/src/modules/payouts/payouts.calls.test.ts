import { ADMIN_CALLS } from '@bo/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, merchants, payouts, payoutTotals, staff } from '../../db/schema';
import { seedCatalog } from '../../db/seed/catalog.seed';
import { adminPost, nextTotpCode, signInStaff, signInWithTotp } from '../../test/access-helpers';
import { insertMerchant, insertPayout } from '../../test/factories';
import { adminGet, createTestApp, TEST_PASSWORD, TEST_TOTP_SECRET, type TestApp } from '../../test/test-app';
import { totpCode } from '../auth/totp';
import { roleIdByName } from '../roles/roles.repository';
import { createStaff } from '../staff/staff.service';
import { createSandboxPayoutRail } from './payout-rail';
import { createPayoutService, PAYOUT_MESSAGES } from './payouts.service';

let t: TestApp;
let admin = '';
let admin2 = '';
let secure = '';
let viewer = '';
let support = '';
let shop = 0;

beforeAll(async () => {
  t = await createTestApp({ jwtTtlSeconds: 36_000 });
  await seedCatalog(t.database.db, t.clock.now());
  const roleId = (await roleIdByName(t.database.db, 'Administrator')) ?? 0;
  // A second administrator with an authenticator, so two approvers can race.
  await createStaff(t.database.db, {
    username: 'approver2',
    email: 'approver2@backoffice.test',
    displayName: 'Second Approver',
    password: TEST_PASSWORD,
    roleId,
    totpSecret: TEST_TOTP_SECRET,
  });
  await createStaff(t.database.db, {
    username: 'admin2',
    email: 'admin2@backoffice.test',
    displayName: 'Other Admin',
    password: TEST_PASSWORD,
    roleId,
  });
  const signedAdmin = await signInStaff(t.app, 'admin');
  admin = signedAdmin.token;
  admin2 = (await signInStaff(t.app, 'admin2')).token;
  viewer = (await signInStaff(t.app, 'viewer')).token;
  support = (await signInStaff(t.app, 'support')).token;
  secure = await signInWithTotp(t, 'secure');
  shop = await insertMerchant(t.database.db, 'Payout Alpha Shop');
});
afterAll(() => t.close());

const get = async <K extends keyof typeof ADMIN_CALLS>(
  token: string,
  call: K,
  query: Record<string, string> = {},
) => {
  const response = await adminGet(t.app, token, call, query);
  expect(response.statusCode, response.body).toBe(200);
  return ADMIN_CALLS[call].data.parse(response.json().data) as ReturnType<
    (typeof ADMIN_CALLS)[K]['data']['parse']
  >;
};
const post = (token: string, call: string, params: object) => adminPost(t.app, token, call, params);

const requestAbove = async (token = admin) => {
  // 1 BTC is far above 1000 EUR at the catalog's rate.
  const response = await post(token, 'RequestPayout', {
    MerchantID: shop,
    AltCoinID: 1,
    Amount: '1',
    Destination: 'bc1qrequestedpayoutdestination',
  });
  expect(response.statusCode, response.body).toBe(200);
  return ADMIN_CALLS.RequestPayout.data.parse(response.json().data);
};

const auditOf = (id: number) =>
  t.database.db
    .select({
      action: auditLog.action,
      actor: auditLog.actorUsername,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'payout'), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));

describe('requesting a payout', () => {
  it('waits for a second approver above the four-eyes amount, and is audited', async () => {
    const payout = await requestAbove();
    expect(payout).toMatchObject({
      State: 'awaiting-approval',
      NeedsSecondApproval: true,
      RequestedBy: 'admin',
      Source: 'staff',
      ApprovedBy: null,
    });
    expect(Number(payout.EurValue)).toBeGreaterThan(1000);
    expect(payout.History.map((h) => h.Action)).toEqual(['payout.request']);
  });

  it('is approved on request at or under the four-eyes amount', async () => {
    const response = await post(admin, 'RequestPayout', {
      MerchantID: shop,
      AltCoinID: 1,
      Amount: '0.0001',
      Destination: 'bc1qsmallpayoutdestination',
      Note: 'small one',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      State: 'approved',
      NeedsSecondApproval: false,
      ApprovedBy: 'admin',
      Note: 'small one',
    });
  });

  it('pays to where the merchant’s schema pays when no destination is typed, and refuses a schema that pays nowhere', async () => {
    const keeper = await insertMerchant(t.database.db, 'Keeps Everything');
    await t.database.db.update(merchants).set({ payoutSchema: 'keep' }).where(eq(merchants.id, keeper));
    const refused = await post(admin, 'RequestPayout', { MerchantID: keeper, AltCoinID: 1, Amount: '0.01' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(PAYOUT_MESSAGES.noDestination);

    const paypal = await insertMerchant(t.database.db, 'PayPal Paid');
    await t.database.db
      .update(merchants)
      .set({ payoutSchema: 'paypal', details: { PayPalEmail: 'owner@paypal.test' } })
      .where(eq(merchants.id, paypal));
    const paid = await post(admin, 'RequestPayout', { MerchantID: paypal, AltCoinID: 1, Amount: '0.01' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.Destination).toBe('owner@paypal.test');
  });

  it('refuses a merchant whose payouts are disabled (409) and says why', async () => {
    const blocked = await insertMerchant(t.database.db, 'Blocked Payouts');
    await t.database.db.update(merchants).set({ disablePayout: true }).where(eq(merchants.id, blocked));
    const response = await post(admin, 'RequestPayout', {
      MerchantID: blocked,
      AltCoinID: 1,
      Amount: '0.01',
      Destination: 'bc1qblockedpayoutdestination',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(PAYOUT_MESSAGES.merchantDisabled);
  });

  it.each([
    [
      { MerchantID: 1, AltCoinID: 1, Amount: '-1' },
      'The amount must be a number with at most 8 decimals, e.g. 0.25',
    ],
    [{ MerchantID: 1, AltCoinID: 1, Amount: '0' }, 'The amount must be more than zero'],
    [
      { MerchantID: 1, AltCoinID: 1, Amount: '1.123456789' },
      'The amount must be a number with at most 8 decimals, e.g. 0.25',
    ],
    [{ MerchantID: 'x', AltCoinID: 1, Amount: '1' }, 'The merchant id must be a number'],
    [{ AltCoinID: 1, Amount: '1' }, 'The merchant id is missing'],
  ])('answers bad input %j with a clear 400', async (params, message) => {
    const response = await post(admin, 'RequestPayout', params);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });
});

describe('approving a payout (four-eyes, TOTP step-up)', () => {
  it('refuses the requester his own request (409), before asking for any code', async () => {
    const payout = await requestAbove(admin);
    const response = await post(admin, 'ApprovePayout', { ID: payout.ID, Code: '123456' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(PAYOUT_MESSAGES.ownRequest);
    expect((await get(admin, 'PayoutDetail', { ID: String(payout.ID) })).State).toBe('awaiting-approval');
  });

  it('refuses staff without an authenticator (403) with a clear message', async () => {
    const payout = await requestAbove(admin);
    const response = await post(admin2, 'ApprovePayout', { ID: payout.ID, Code: '123456' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(PAYOUT_MESSAGES.noTotp);
  });

  it('refuses a wrong code (400) and a code already used (409); a fresh code approves, audited', async () => {
    const payout = await requestAbove(admin);
    const wrong = await post(secure, 'ApprovePayout', { ID: payout.ID, Code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(PAYOUT_MESSAGES.wrongCode);

    const code = await nextTotpCode(t);
    const other = await requestAbove(admin);
    const first = await post(secure, 'ApprovePayout', { ID: other.ID, Code: code });
    expect(first.statusCode, first.body).toBe(200);
    const reused = await post(secure, 'ApprovePayout', { ID: payout.ID, Code: code });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(PAYOUT_MESSAGES.reusedCode);

    const approved = await post(secure, 'ApprovePayout', { ID: payout.ID, Code: await nextTotpCode(t) });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({
      State: 'approved',
      ApprovedBy: 'secure',
      RequestedBy: 'admin',
    });
    const trail = await auditOf(payout.ID);
    expect(trail.map((e) => [e.action, e.actor])).toEqual([
      ['payout.request', 'admin'],
      ['payout.approve', 'secure'],
    ]);
    expect(trail[1]?.before).toEqual({ State: 'awaiting-approval' });
  });

  it.each([
    [{ ID: 1, Code: '12345' }, 'Type the 6-digit code of your authenticator app'],
    [{ ID: 1 }, 'Type the 6-digit code of your authenticator app'],
    [{ ID: 0, Code: '123456' }, 'The payout id must be a positive number'],
  ])('answers bad input %j with a clear 400', async (params, message) => {
    const response = await post(secure, 'ApprovePayout', params);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it('approves a payout once when two approvers click at once: one wins, the other is told who did (409)', async () => {
    const approver2 = await signInWithTotp(t, 'approver2');
    const payout = await requestAbove(admin);
    t.clock.advance(30_000);
    const code = await totpCode(TEST_TOTP_SECRET, t.clock.now());
    // Each approver has his own authenticator (the same secret here, each account its own last step).
    const answers = await Promise.all([
      post(secure, 'ApprovePayout', { ID: payout.ID, Code: code }),
      post(approver2, 'ApprovePayout', { ID: payout.ID, Code: code }),
    ]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const loser = answers.find((a) => a.statusCode === 409);
    const winner = answers.find((a) => a.statusCode === 200)?.json().data.ApprovedBy as string;
    expect(loser?.json().message).toContain(`This payout was already approved by ${winner}`);
    expect(loser?.json().data).toEqual({ ID: payout.ID, State: 'approved' });
    expect((await auditOf(payout.ID)).filter((e) => e.action === 'payout.approve')).toHaveLength(1);
  });
});

describe('sending a payout', () => {
  it('sends an approved payout once when two people click at once: the other is told it was sent (409)', async () => {
    const id = await insertPayout(t.database.db, { merchantId: shop, state: 'approved' });
    const answers = await Promise.all([
      post(admin, 'SendPayout', { ID: id }),
      post(secure, 'SendPayout', { ID: id }),
      post(admin2, 'SendPayout', { ID: id }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    for (const lost of answers.filter((a) => a.statusCode === 409)) {
      expect(lost.json().message).toMatch(/^This payout was already sent \(SBX-\d{8}-[0-9A-F]{8}\)/);
      expect(lost.json().data).toEqual({ ID: id, State: 'sent' });
    }
    expect((await auditOf(id)).filter((e) => e.action === 'payout.send')).toHaveLength(1);
  });

  it('refuses to send a payout awaiting approval (409)', async () => {
    const id = await insertPayout(t.database.db, { merchantId: shop });
    const response = await post(admin, 'SendPayout', { ID: id });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain('This payout is awaiting approval');
  });

  it('the rail’s runner sends approved payouts and settles sent ones, each move audited', async () => {
    const rail = createSandboxPayoutRail({ settleMs: [1_000, 1_000], failShare: 0 });
    const service = createPayoutService({ db: t.database.db, now: t.clock.now, rail, fourEyesEur: '1000' });
    const id = await insertPayout(t.database.db, { merchantId: shop, state: 'approved' });
    await service.runRail({ sendAfterMs: 0, limit: 500 });
    expect((await service.detail(id)).State).toBe('sent');
    t.clock.advance(2_000);
    await service.runRail({ sendAfterMs: 0, limit: 500 });
    const done = await service.detail(id);
    expect(done.State).toBe('completed');
    expect(done.History.map((h) => [h.Action, h.Actor])).toEqual([
      ['payout.send', 'payout-rail'],
      ['payout.complete', 'payout-rail'],
    ]);
  });
});

describe('cancelling payouts', () => {
  it('cancels with a reason, refuses once sent, and bulk answers each one', async () => {
    const waiting = await insertPayout(t.database.db, { merchantId: shop });
    const sent = await insertPayout(t.database.db, { merchantId: shop, state: 'sent' });
    const bulk = await post(admin, 'BulkCancelPayouts', {
      IDs: [waiting, sent, 999_999],
      Reason: 'Duplicate request',
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json().data.Results).toEqual([
      { ID: waiting, Done: true, State: 'cancelled', Message: null },
      {
        ID: sent,
        Done: false,
        State: 'sent',
        Message: expect.stringContaining('This payout was already sent'),
      },
      { ID: 999_999, Done: false, State: null, Message: PAYOUT_MESSAGES.notFound },
    ]);
    const again = await post(admin, 'CancelPayout', { ID: waiting, Reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(
      /^This payout was cancelled by admin on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC: Duplicate request$/,
    );
  });

  it('needs a reason (400)', async () => {
    const response = await post(admin, 'CancelPayout', { ID: 1, Reason: ' ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('A reason is required to cancel a payout');
  });

  it('bulk approve takes one code for the selection and answers each payout', async () => {
    const a = await insertPayout(t.database.db, { merchantId: shop });
    const [me] = await t.database.db.select({ id: staff.id }).from(staff).where(eq(staff.username, 'secure'));
    const own = await insertPayout(t.database.db, { merchantId: shop, requestedByStaffId: me?.id ?? null });
    const response = await post(secure, 'BulkApprovePayouts', { IDs: [a, own], Code: await nextTotpCode(t) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.Results).toEqual([
      { ID: a, Done: true, State: 'approved', Message: null },
      { ID: own, Done: false, State: 'awaiting-approval', Message: PAYOUT_MESSAGES.ownRequest },
    ]);
  });
});

describe('the tabs', () => {
  it('lists a tab with its filters; the summary counts every tab and totals the shown one per coin', async () => {
    const other = await insertMerchant(t.database.db, 'Payout Beta Shop');
    await insertPayout(t.database.db, {
      merchantId: other,
      eurValue: '5000.00',
      amount: '0.10000000',
      requestedOn: new Date('2026-03-05T10:00:00Z'),
    });
    await insertPayout(t.database.db, {
      merchantId: other,
      eurValue: '1200.00',
      amount: '0.02000000',
      requestedOn: new Date('2026-03-06T10:00:00Z'),
    });
    await insertPayout(t.database.db, { merchantId: other, state: 'completed', eurValue: '300.00' });

    const page = await get(admin, 'ListPayouts', { merchantId: String(other) });
    expect(page.records.map((r) => r.EurValue)).toEqual(['1200.00', '5000.00']);
    expect(page.meta).toMatchObject({ total: 2, isCapped: false });
    const big = await get(admin, 'ListPayouts', { merchantId: String(other), minEur: '2000' });
    expect(big.records.map((r) => r.EurValue)).toEqual(['5000.00']);
    const dated = await get(admin, 'ListPayouts', {
      merchantId: String(other),
      from: '2026-03-06',
      to: '2026-03-06',
    });
    expect(dated.records.map((r) => r.EurValue)).toEqual(['1200.00']);

    const narrowed = await get(admin, 'PayoutSummary', { merchantId: String(other) });
    expect(narrowed.Counts.find((c) => c.State === 'awaiting-approval')?.Count).toBe(2);
    expect(narrowed.Counts.find((c) => c.State === 'completed')?.Count).toBe(1);
    expect(narrowed.Totals).toEqual([
      { AltCoinID: 1, Coin: 'BTC', Count: 2, Amount: '0.12000000', EurValue: '6200.00' },
    ]);
    expect(narrowed.FourEyesEur).toBe('1000');

    // Narrowed to whole days, the kept day totals answer, exactly.
    const days = await get(admin, 'PayoutSummary', { from: '2026-03-05', to: '2026-03-06' });
    expect(days.Counts.find((c) => c.State === 'awaiting-approval')).toEqual({
      State: 'awaiting-approval',
      Count: 2,
      IsCapped: false,
    });
    expect(days.Totals).toEqual([
      { AltCoinID: 1, Coin: 'BTC', Count: 2, Amount: '0.12000000', EurValue: '6200.00' },
    ]);
    const oneDay = await get(admin, 'PayoutSummary', { from: '2026-03-06', to: '2026-03-06', coin: '1' });
    expect(oneDay.Totals.map((x) => x.EurValue)).toEqual(['1200.00']);

    // Unnarrowed, the kept totals answer, and they agree with the rows.
    const whole = await get(admin, 'PayoutSummary', {});
    const rows = await t.database.db.select({ state: payouts.state }).from(payouts);
    for (const count of whole.Counts)
      expect(count.Count, count.State).toBe(rows.filter((r) => r.state === count.State).length);
    const kept = await t.database.db.select().from(payoutTotals);
    expect(kept.every((k) => k.n >= 0)).toBe(true);
  });

  it.each([
    [
      { state: 'pending' },
      'The state must be one of awaiting-approval, approved, sent, completed, cancelled, failed',
    ],
    [{ minEur: 'lots' }, 'The smallest amount must be an amount in EUR'],
    [{ minEur: '500', maxEur: '100' }, 'The smallest amount is larger than the largest amount'],
    [{ from: '2026-13-01' }, 'The From date is not a real date'],
  ])('answers bad filters %j with a clear 400', async (query, message) => {
    const response = await adminGet(t.app, admin, 'ListPayouts', query as Record<string, string>);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it('is refused to roles without admin-commander', async () => {
    for (const token of [viewer, support]) {
      expect((await adminGet(t.app, token, 'ListPayouts')).statusCode).toBe(403);
      expect(
        (await post(token, 'RequestPayout', { MerchantID: shop, AltCoinID: 1, Amount: '1' })).statusCode,
      ).toBe(403);
    }
  });
});

describe('payout schemas', () => {
  it('lists merchants with their schema, filtered by schema and searched by merchant', async () => {
    const id = await insertMerchant(t.database.db, 'Schema Search Shop');
    await t.database.db
      .update(merchants)
      .set({
        payoutSchema: 'crypto-address-book',
        details: {
          AddressBook: {
            transferwise: [],
            crypto: [
              { id: 'c1', label: 'Cold', altCoinId: 1, address: 'bc1qcoldwalletaddress000', default: false },
              { id: 'c2', label: 'Hot', altCoinId: 1, address: 'bc1qhotwalletaddress0000', default: true },
            ],
          },
        },
      })
      .where(eq(merchants.id, id));
    const page = await get(admin, 'ListPayoutSchemas', { schema: 'crypto-address-book', q: 'Schema Search' });
    expect(page.records).toEqual([
      expect.objectContaining({
        ID: id,
        PayoutSchema: 'crypto-address-book',
        PaysTo: 'Hot: bc1qhotwalletaddress0000',
      }),
    ]);
    const bad = await adminGet(t.app, admin, 'ListPayoutSchemas', { schema: 'cash' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('The payout schema must be one of');
  });

  it('changes a schema and the address book default as one audited change, refused at a stale version', async () => {
    const id = await insertMerchant(t.database.db, 'Schema Edit Shop');
    await t.database.db
      .update(merchants)
      .set({
        details: {
          AddressBook: {
            transferwise: [
              {
                id: 'b1',
                label: 'Main',
                currency: 'EUR',
                accountHolder: 'Edit Shop BV',
                iban: 'NL91ABNA0417164300',
                accountNumber: null,
                bic: 'ABNANL2A',
                default: true,
              },
              {
                id: 'b2',
                label: 'Savings',
                currency: 'EUR',
                accountHolder: 'Edit Shop BV',
                iban: 'DE89370400440532013000',
                accountNumber: null,
                bic: 'COBADEFF',
                default: false,
              },
            ],
            crypto: [],
          },
        },
      })
      .where(eq(merchants.id, id));
    const before = await get(admin, 'PayoutSchemaDetail', { ID: String(id) });
    const change = {
      ID: id,
      ExpectedVersion: before.Version,
      PayoutSchema: 'bank-address-book',
      PayoutTo: null,
      DisablePayout: true,
      BankDefault: 'b2',
    };
    const saved = await post(admin, 'UpdatePayoutSchema', change);
    expect(saved.statusCode, saved.body).toBe(200);
    const after = ADMIN_CALLS.UpdatePayoutSchema.data.parse(saved.json().data);
    expect(after).toMatchObject({
      PayoutSchema: 'bank-address-book',
      DisablePayout: true,
      PaysTo: 'Savings: DE89370400440532013000',
      Version: before.Version + 1,
    });
    expect(after.History[0]).toMatchObject({
      Action: 'merchant.payout-schema',
      Actor: 'admin',
      Before: expect.objectContaining({ PayoutSchema: 'wallet', DisablePayout: false }),
      After: expect.objectContaining({ PayoutSchema: 'bank-address-book', DisablePayout: true }),
    });

    // A second editor who opened the old version is refused, and nothing is overwritten.
    const stale = await post(secure, 'UpdatePayoutSchema', {
      ...change,
      PayoutSchema: 'wallet',
      DisablePayout: false,
      BankDefault: undefined,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('This merchant was changed by someone else since you opened it');

    const missing = await post(admin, 'UpdatePayoutSchema', {
      ...change,
      ExpectedVersion: after.Version,
      BankDefault: 'nope',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('No bank account with that id in the address book');
  });

  it('refuses a schema that would pay nowhere (400) and an unknown merchant (404)', async () => {
    const id = await insertMerchant(t.database.db, 'Schema Empty Book');
    const detail = await get(admin, 'PayoutSchemaDetail', { ID: String(id) });
    const response = await post(admin, 'UpdatePayoutSchema', {
      ID: id,
      ExpectedVersion: detail.Version,
      PayoutSchema: 'crypto-address-book',
      PayoutTo: null,
      DisablePayout: false,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'Crypto address book default needs a crypto address in the address book',
    );
    expect((await adminGet(t.app, admin, 'PayoutSchemaDetail', { ID: '999999' })).statusCode).toBe(404);
  });
});

import { ADMIN_CALLS, VTOKEN_CODE_PATTERN } from '@bo/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, transactions, vtokens } from '../../db/schema';
import { seedCatalog } from '../../db/seed/catalog.seed';
import { adminPost, signInStaff } from '../../test/access-helpers';
import { insertMerchant, insertTransaction } from '../../test/factories';
import { changedTables, createTableWatch } from '../../test/hostile-input';
import { adminGet, createTestApp, type TestApp } from '../../test/test-app';
import { createIngestService, IngestError } from '../ingest/ingest.service';

let t: TestApp;
let watch: ReturnType<typeof createTableWatch>;
let admin = '';
let support = '';
let kyc = '';
let viewer = '';
let shopA = 0;
let shopB = 0;

beforeAll(async () => {
  t = await createTestApp({ jwtTtlSeconds: 3600 });
  await seedCatalog(t.database.db, t.clock.now());
  watch = createTableWatch(t.database.db);
  admin = (await signInStaff(t.app, 'admin')).token;
  support = (await signInStaff(t.app, 'support')).token;
  kyc = (await signInStaff(t.app, 'kyc')).token;
  viewer = (await signInStaff(t.app, 'viewer')).token;
  shopA = await insertMerchant(t.database.db, 'Voucher Alpha Store');
  shopB = await insertMerchant(t.database.db, 'Voucher Beta Store');
});
afterAll(() => t.close());

/** A vToken sale; the database makes its vToken. Answers the vToken's id and the sale's reference. */
async function sale(input: {
  merchantId: number;
  status?: 'vtoken-active' | 'vtoken-claimed';
  altCoinId?: number;
  amount?: string;
  createdOn?: string;
}) {
  const row = await insertTransaction(t.database.db, {
    merchantId: input.merchantId,
    altCoinId: input.altCoinId ?? 1,
    status: input.status ?? 'vtoken-active',
    amount: input.amount ?? '0.00100000',
    createdOn: new Date(input.createdOn ?? '2026-03-10T12:00:00Z'),
  });
  const [token] = await t.database.db
    .select({ id: vtokens.id, code: vtokens.code })
    .from(vtokens)
    .where(eq(vtokens.transactionRowId, row.id));
  if (!token) throw new Error('no vToken made for the sale');
  return { ...token, rowId: row.id, ref: `T${String(row.transactionId).padStart(9, '0')}` };
}

const list = async (token: string, query: Record<string, string>) => {
  const response = await adminGet(t.app, token, 'ListVTokens', query);
  expect(response.statusCode, response.body).toBe(200);
  return ADMIN_CALLS.ListVTokens.data.parse(response.json().data);
};
const cancel = (token: string, params: object) => adminPost(t.app, token, 'CancelVToken', params);
const auditOf = (id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'vtoken'), eq(auditLog.entityId, String(id))))
    .orderBy(desc(auditLog.id));
const tablesChangedBy = async (act: () => Promise<unknown>) => {
  const before = await watch.snapshot();
  await act();
  return changedTables(before, await watch.snapshot());
};

describe('vTokens are made with their sale', () => {
  it('gives every vToken sale a vToken with a claim code, active or claimed as the sale is', async () => {
    const active = await sale({ merchantId: shopA });
    const claimed = await sale({ merchantId: shopA, status: 'vtoken-claimed' });
    expect(active.code).toMatch(VTOKEN_CODE_PATTERN);
    const rows = await t.database.db.select().from(vtokens).where(eq(vtokens.merchantId, shopA));
    expect(rows.find((r) => r.id === active.id)?.status).toBe('active');
    expect(rows.find((r) => r.id === claimed.id)?.status).toBe('claimed');
    // Other sales make none.
    const paid = await insertTransaction(t.database.db, {
      merchantId: shopA,
      altCoinId: 1,
      status: 'paid',
      amount: '1.00000000',
    });
    expect(await t.database.db.select().from(vtokens).where(eq(vtokens.transactionRowId, paid.id))).toEqual(
      [],
    );
  });
});

describe('ListVTokens', () => {
  it('filters by status, coin, merchant, date range and keyword, sorts and pages', async () => {
    const m = await insertMerchant(t.database.db, 'Filter Gamma Shop');
    const early = await sale({ merchantId: m, amount: '0.50000000', createdOn: '2026-04-01T09:00:00Z' });
    const late = await sale({
      merchantId: m,
      amount: '0.20000000',
      createdOn: '2026-04-05T09:00:00Z',
      altCoinId: 5,
    });
    const claimed = await sale({
      merchantId: m,
      status: 'vtoken-claimed',
      createdOn: '2026-04-03T09:00:00Z',
    });

    const all = await list(admin, { merchantId: String(m) });
    expect(all.records.map((r) => r.ID)).toEqual([late.id, claimed.id, early.id]);
    expect(all.meta).toEqual({ total: 3, offset: 0, limit: 25, page: 1, isCapped: false });
    expect(all.records[0]).toMatchObject({
      Code: late.code,
      Status: 'active',
      Amount: '0.20000000',
      AltCoinID: 5,
      MerchantID: m,
      ShopTitle: 'Filter Gamma Shop',
      Prefix: 'T',
      CreatedOn: '2026-04-05T09:00:00.000Z',
      ClaimedOn: null,
      CancelledOn: null,
    });

    expect(
      (await list(admin, { merchantId: String(m), status: 'claimed' })).records.map((r) => r.ID),
    ).toEqual([claimed.id]);
    expect((await list(admin, { merchantId: String(m), coin: '5' })).records.map((r) => r.ID)).toEqual([
      late.id,
    ]);
    const range = await list(admin, { merchantId: String(m), from: '2026-04-01', to: '2026-04-03' });
    expect(range.records.map((r) => r.ID)).toEqual([claimed.id, early.id]);
    const byAmount = await list(admin, {
      merchantId: String(m),
      sort: 'Amount',
      order: 'asc',
      status: 'active',
    });
    expect(byAmount.records.map((r) => r.ID)).toEqual([late.id, early.id]);
    const second = await list(admin, { merchantId: String(m), limit: '2', page: '2' });
    expect(second.records.map((r) => r.ID)).toEqual([early.id]);
    expect(second.meta).toMatchObject({ total: 3, offset: 2, page: 2 });

    expect((await list(admin, { keyword: early.code })).records.map((r) => r.ID)).toEqual([early.id]);
    expect(
      (await list(admin, { keyword: early.code.slice(0, 9).toLowerCase() })).records.map((r) => r.ID),
    ).toContain(early.id);
    expect((await list(admin, { keyword: late.ref })).records.map((r) => r.ID)).toEqual([late.id]);
    expect((await list(admin, { keyword: 'gamma shop' })).records.map((r) => r.ID)).toEqual([
      late.id,
      claimed.id,
      early.id,
    ]);
    expect((await list(admin, { keyword: 'No such shop anywhere' })).records).toEqual([]);
  });

  it('refuses a From after To and an unknown status with a 400 naming the field', async () => {
    let response = await adminGet(t.app, admin, 'ListVTokens', { from: '2026-04-05', to: '2026-04-01' });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.issues).toEqual([
      { path: 'from', message: 'From date can not be greater than To date' },
    ]);
    response = await adminGet(t.app, admin, 'ListVTokens', { status: 'lost' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The status must be one of active, claimed, cancelled');
  });

  it('is refused to staff without admin-commander', async () => {
    for (const token of [support, kyc, viewer]) {
      const response = await adminGet(t.app, token, 'ListVTokens');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ status_code: 403, message: 'Forbidden', data: null });
    }
  });
});

describe('VTokenDetail', () => {
  it('shows the vToken, its transaction and an empty trail; 404 for an unknown id', async () => {
    const token = await sale({ merchantId: shopB });
    const response = await adminGet(t.app, admin, 'VTokenDetail', { ID: String(token.id) });
    expect(response.statusCode, response.body).toBe(200);
    const detail = ADMIN_CALLS.VTokenDetail.data.parse(response.json().data);
    expect(detail).toMatchObject({
      ID: token.id,
      Code: token.code,
      Status: 'active',
      ShopTitle: 'Voucher Beta Store',
      CancelledBy: null,
      CancelReason: null,
      Transaction: { Status: 'vtoken-active', XChangeID: null, Comments: null },
      Audit: [],
    });
    expect(`T${String(detail.TransactionID).padStart(9, '0')}`).toBe(token.ref);
    expect((await adminGet(t.app, admin, 'VTokenDetail', { ID: '999999' })).statusCode).toBe(404);
    expect((await adminGet(t.app, support, 'VTokenDetail', { ID: String(token.id) })).statusCode).toBe(403);
  });
});

describe('CancelVToken', () => {
  it('cancels an active vToken with its reason, audited before and after and noted on its transaction', async () => {
    const token = await sale({ merchantId: shopB });
    const response = await cancel(admin, { ID: token.id, Reason: '  Lost by the merchant  ' });
    expect(response.statusCode, response.body).toBe(200);
    const detail = ADMIN_CALLS.CancelVToken.data.parse(response.json().data);
    expect(detail).toMatchObject({
      Status: 'cancelled',
      CancelledBy: 'admin',
      CancelReason: 'Lost by the merchant',
    });
    expect(detail.CancelledOn).not.toBeNull();
    expect(detail.Transaction.Comments).toMatch(
      / - admin: vToken VT-[0-9A-F-]+ cancelled: Lost by the merchant$/,
    );
    expect(detail.Audit).toEqual([
      expect.objectContaining({
        Actor: 'admin',
        Action: 'vtoken.cancel',
        Before: { Status: 'active' },
        After: { Status: 'cancelled', Reason: 'Lost by the merchant' },
      }),
    ]);
    // The sale keeps its SPEC status: a cancellation is the vToken's own.
    const [row] = await t.database.db.select().from(transactions).where(eq(transactions.id, token.rowId));
    expect(row?.status).toBe('vtoken-active');
  });

  it('refuses a second cancel with 409 and writes nothing more; of two at once, one goes through', async () => {
    const token = await sale({ merchantId: shopB });
    expect((await cancel(admin, { ID: token.id, Reason: 'First click' })).statusCode).toBe(200);
    let again = await cancel(admin, { ID: token.id, Reason: 'Second click' });
    const changed = await tablesChangedBy(async () => {
      again = await cancel(admin, { ID: token.id, Reason: 'Second click' });
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      status_code: 409,
      message: 'This vToken is cancelled: only an active vToken can be cancelled',
      data: null,
    });
    expect(changed).toEqual([]);
    expect(await auditOf(token.id)).toHaveLength(1);

    const raced = await sale({ merchantId: shopB });
    const answers = await Promise.all([
      cancel(admin, { ID: raced.id, Reason: 'Double click one' }),
      cancel(admin, { ID: raced.id, Reason: 'Double click two' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await auditOf(raced.id)).toHaveLength(1);
  });

  it('refuses to cancel a claimed vToken with 409', async () => {
    const token = await sale({ merchantId: shopB, status: 'vtoken-claimed' });
    const response = await cancel(admin, { ID: token.id, Reason: 'Too late' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('This vToken is claimed: only an active vToken can be cancelled');
  });

  it('refuses a missing or blank reason with a 400 naming Reason, and writes nothing', async () => {
    const token = await sale({ merchantId: shopB });
    let response = await cancel(admin, { ID: token.id });
    const changed = await tablesChangedBy(async () => {
      response = await cancel(admin, { ID: token.id, Reason: '   ' });
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status_code: 400,
      message: 'A reason is required to cancel a vToken (at least 3 characters)',
      data: {
        issues: [
          { path: 'Reason', message: 'A reason is required to cancel a vToken (at least 3 characters)' },
        ],
      },
    });
    expect(changed).toEqual([]);
    expect((await cancel(admin, { ID: 'abc', Reason: 'Valid reason' })).json().data.issues[0].path).toBe(
      'ID',
    );
    expect((await cancel(admin, { ID: 999_999, Reason: 'Valid reason' })).statusCode).toBe(404);
  });

  it('is refused to staff without admin-commander, and nothing changes', async () => {
    const token = await sale({ merchantId: shopB });
    for (const who of [support, kyc, viewer]) {
      const response = await cancel(who, { ID: token.id, Reason: 'Not mine to cancel' });
      expect(response.statusCode).toBe(403);
    }
    const [row] = await t.database.db.select().from(vtokens).where(eq(vtokens.id, token.id));
    expect(row?.status).toBe('active');
  });
});

describe('the platform claims a vToken', () => {
  it('claims an active vToken with its holder and refuses a cancelled one', async () => {
    const ingest = createIngestService(t.database.db, { now: () => new Date('2026-05-01T10:00:00Z') });
    const active = await sale({ merchantId: shopA });
    await ingest.claimVToken(active.ref, 'wallet:ada');
    const [claimed] = await t.database.db.select().from(vtokens).where(eq(vtokens.id, active.id));
    expect(claimed).toMatchObject({ status: 'claimed', claimedBy: 'wallet:ada' });
    expect(claimed?.claimedOn?.toISOString()).toBe('2026-05-01T10:00:00.000Z');
    const [row] = await t.database.db.select().from(transactions).where(eq(transactions.id, active.rowId));
    expect(row?.status).toBe('vtoken-claimed');

    const gone = await sale({ merchantId: shopA });
    expect((await cancel(admin, { ID: gone.id, Reason: 'Cancelled first' })).statusCode).toBe(200);
    await expect(ingest.claimVToken(gone.ref, 'wallet:ada')).rejects.toThrow(IngestError);
    const [still] = await t.database.db.select().from(vtokens).where(eq(vtokens.id, gone.id));
    expect(still?.status).toBe('cancelled');
  });
});

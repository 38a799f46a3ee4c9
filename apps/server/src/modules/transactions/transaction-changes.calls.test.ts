import { ADMIN_CALLS, formatTransactionRef } from '@bo/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, transactions } from '../../db/schema';
import { seedDemoData } from '../../db/seed/demo-data.seed';
import { createTestApp, csrf, signIn, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin = '';
let support = '';

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, { seed: 5, days: 4, txPerDay: 40, now: t.clock.now() });
  admin = (await signIn(t.app, 'admin')).token;
  support = (await signIn(t.app, 'support')).token;
});
afterAll(() => t.close());

const post = (token: string, call: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin?Call=${call}`,
    headers: { ...csrf, authorization: `Bearer ${token}` },
    payload,
  });

async function aRow(status: string, prefix: 'T' | 'P' = 'T') {
  const [row] = await t.database.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.status, status), eq(transactions.prefix, prefix)))
    .limit(1);
  if (!row) throw new Error(`no ${status} row`);
  return row;
}

const auditOf = (entityId: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(auditLog.id);

describe('TransactionStatusUpdate', () => {
  it('marks an expired payment paid, answers the updated row and audits before and after', async () => {
    const row = await aRow('expired');
    const ref = formatTransactionRef('T', row.transactionId);
    const response = await post(admin, 'TransactionStatusUpdate', {
      TransactionID: ref,
      targetMerchant: row.merchantId,
      statusID: 1,
      notenough: 0,
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = ADMIN_CALLS.TransactionStatusUpdate.data.parse(response.json().data);
    expect(updated).toMatchObject({ Status: 'paid', NotEnough: 0, Expired: null });
    expect(updated.TransactionConfirmedOn).not.toBeNull();
    const [entry] = await auditOf(ref);
    expect(entry).toMatchObject({ action: 'transaction.status', actorUsername: 'admin' });
    expect(entry?.before).toMatchObject({ Status: 'expired' });
    expect(entry?.after).toMatchObject({ Status: 'paid' });
  });

  it('stores Not Enough as an underpaid payment with NotEnough 1', async () => {
    const row = await aRow('waiting');
    const response = await post(admin, 'TransactionStatusUpdate', {
      TransactionID: formatTransactionRef('T', row.transactionId),
      targetMerchant: row.merchantId,
      statusID: 1,
      notenough: 1,
    });
    expect(response.json().data).toMatchObject({ Status: 'underpaid', NotEnough: 1 });
  });

  it('refuses statuses outside the dialog, unknown rows, a wrong merchant, payouts and bad status ids', async () => {
    const swap = await aRow('swap');
    const refused = await post(admin, 'TransactionStatusUpdate', {
      TransactionID: formatTransactionRef('T', swap.transactionId),
      targetMerchant: swap.merchantId,
      statusID: 1,
    });
    expect(refused.statusCode).toBe(400);
    const wrongMerchant = await post(admin, 'TransactionStatusUpdate', {
      TransactionID: formatTransactionRef('T', swap.transactionId),
      targetMerchant: swap.merchantId + 1,
      statusID: 1,
    });
    expect(wrongMerchant.json().message).toBe('No record found!');
    const payout = await post(admin, 'TransactionStatusUpdate', {
      TransactionID: 'P000100001',
      targetMerchant: 1,
      statusID: 1,
    });
    expect(payout.statusCode).toBe(400);
    const badStatus = await post(admin, 'TransactionStatusUpdate', {
      TransactionID: 'T000100001',
      targetMerchant: 1,
      statusID: 4,
    });
    expect(badStatus.statusCode).toBe(400);
    const unchanged = await t.database.db.select().from(transactions).where(eq(transactions.id, swap.id));
    expect(unchanged[0]?.status).toBe('swap');
  });

  it('is refused to support staff, who lack admin-commander', async () => {
    const row = await aRow('waiting');
    const response = await post(support, 'TransactionStatusUpdate', {
      TransactionID: formatTransactionRef('T', row.transactionId),
      targetMerchant: row.merchantId,
      statusID: -1,
    });
    expect(response.statusCode).toBe(403);
  });

  it('cannot be made with GET', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin?Call=TransactionStatusUpdate&TransactionID=T000100001&targetMerchant=1&statusID=1',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(response.statusCode).toBe(405);
  });
});

describe('KYCLOG', () => {
  it('puts a stamped line with the username on top of the old comments, and audits it', async () => {
    const row = await aRow('paid');
    const first = await post(support, 'KYCLOG', {
      transactionlog: 'Wrong label',
      TransactionID: row.transactionId,
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await post(support, 'KYCLOG', {
      transactionlog: 'Refund',
      TransactionID: row.transactionId,
    });
    const lines = (second.json().data.result as string).split('\n');
    expect(lines[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} (AM|PM) - support: Refund$/);
    expect(lines[1]).toMatch(/ - support: Wrong label$/);
    const audit = await auditOf(formatTransactionRef('T', row.transactionId));
    expect(audit.filter((a) => a.action === 'transaction.log')).toHaveLength(2);
  });

  it('logs on payouts by PayoutID', async () => {
    const row = await aRow('payout-completed', 'P');
    const response = await post(support, 'KYCLOG', { payoutlog: 'NA', PayoutID: row.transactionId });
    expect(response.json().data.result).toMatch(/ - support: NA/);
  });

  it('keeps every line when logs arrive at the same time', async () => {
    const row = await aRow('expired');
    const texts = ['one', 'two', 'three', 'four', 'five'];
    await Promise.all(
      texts.map((text) =>
        post(support, 'KYCLOG', { transactionlog: text, TransactionID: row.transactionId }),
      ),
    );
    const [after] = await t.database.db.select().from(transactions).where(eq(transactions.id, row.id));
    for (const text of texts) expect(after?.comments).toContain(`: ${text}`);
  });

  it('refuses a blank log text and an unknown transaction', async () => {
    const blank = await post(support, 'KYCLOG', { transactionlog: '   ', TransactionID: 100001 });
    expect(blank.statusCode).toBe(400);
    const unknown = await post(support, 'KYCLOG', { transactionlog: 'x', TransactionID: 999999999 });
    expect(unknown.json().message).toBe('No record found!');
  });
});

describe('TransactionAudit', () => {
  it('lists the staff changes to a transaction oldest first, with before and after', async () => {
    const row = await aRow('waiting');
    const ref = formatTransactionRef('T', row.transactionId);
    await post(admin, 'TransactionStatusUpdate', {
      TransactionID: ref,
      targetMerchant: row.merchantId,
      statusID: -1,
      notenough: 0,
    });
    await post(support, 'KYCLOG', { transactionlog: 'Customer called', TransactionID: row.transactionId });
    // An unpadded reference names the same transaction.
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin?Call=TransactionAudit&ID=t${row.transactionId}`,
      headers: { authorization: `Bearer ${support}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const trail = ADMIN_CALLS.TransactionAudit.data.parse(response.json().data);
    expect(trail.map((e) => [e.Actor, e.Action])).toEqual([
      ['admin', 'transaction.status'],
      ['support', 'transaction.log'],
    ]);
    expect(trail[0]?.Before).toMatchObject({ Status: 'waiting' });
    expect(trail[0]?.After).toMatchObject({ Status: 'expired' });
    expect(String(trail[1]?.After?.Comments)).toContain('support: Customer called');
  });

  it('is refused without view-transactions and answers an empty trail for an untouched row', async () => {
    const marketing = (await signIn(t.app, 'marketing')).token;
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/admin?Call=TransactionAudit&ID=T000000001',
      headers: { authorization: `Bearer ${marketing}` },
    });
    expect(refused.statusCode).toBe(403);
    const row = await aRow('payout-pending', 'P');
    const empty = await t.app.inject({
      method: 'GET',
      url: `/api/admin?Call=TransactionAudit&ID=${formatTransactionRef('P', row.transactionId)}`,
      headers: { authorization: `Bearer ${support}` },
    });
    expect(empty.json().data).toEqual([]);
    const invalid = await t.app.inject({
      method: 'GET',
      url: '/api/admin?Call=TransactionAudit&ID=X1',
      headers: { authorization: `Bearer ${support}` },
    });
    expect(invalid.statusCode).toBe(400);
  });
});

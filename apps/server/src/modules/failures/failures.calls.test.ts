import { ADMIN_CALLS } from '@bo/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { seedDemoData } from '../../db/seed/demo-data.seed';
import { adminGet, createTestApp, csrf, signIn, type TestApp } from '../../test/test-app';

let t: TestApp;
let support = '';
let marketing = '';

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, { seed: 3, days: 30, txPerDay: 5, now: t.clock.now() });
  support = (await signIn(t.app, 'support')).token;
  marketing = (await signIn(t.app, 'marketing')).token;
});
afterAll(() => t.close());

const list = async (query: Record<string, string> = {}) => {
  const response = await adminGet(t.app, support, 'TransactionFailure', query);
  expect(response.statusCode, response.body).toBe(200);
  return ADMIN_CALLS.TransactionFailure.data.parse(response.json().data).data;
};
const update = (payload: Record<string, unknown>, token = support) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin?Call=UpdateTable',
    headers: { ...csrf, authorization: `Bearer ${token}` },
    payload: { table: 'Transaction_Failure', ...payload },
  });

describe('TransactionFailure', () => {
  it('answers pages of 8, newest first by default, with meta', async () => {
    const page = await list();
    expect(page.records).toHaveLength(8);
    expect(page.meta).toMatchObject({ offset: 0, limit: 8, page: 1 });
    expect(page.meta.total).toBeGreaterThan(8);
    const created = page.records.map((r) => r.CreatedOn);
    expect(created).toEqual([...created].sort().reverse());
    const second = await list({ page: '2' });
    expect(second.records[0]?.ID).not.toBe(page.records[0]?.ID);
  });

  it('sorts by ID ascending and searches by text or by id', async () => {
    const byId = await list({ orderBy: 'ID', order: 'asc' });
    const ids = byId.records.map((r) => r.ID);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const target = byId.records[3];
    if (!target) throw new Error('no failure');
    expect((await list({ keyword: String(target.ID) })).records.map((r) => r.ID)).toEqual([target.ID]);
    const word = target.Failure.split(' ')[0] ?? '';
    expect(
      (await list({ keyword: word, limit: '100' })).records.every((r) =>
        `${r.Failure} ${r.Address} ${r.Notes} ${r.Name}`.toLowerCase().includes(word.toLowerCase()),
      ),
    ).toBe(true);
  });
});

describe('UpdateTable', () => {
  it('flips Sticky, which Sticky Only then finds, and audits the change', async () => {
    const target = (await list({ orderBy: 'ID', order: 'asc' })).records.find((r) => r.Sticky === 0);
    if (!target) throw new Error('no non-sticky failure');
    const response = await update({ ID: target.ID, field: 'Sticky', value: 1 });
    expect(response.json().data).toMatchObject({ ID: target.ID, Sticky: 1 });
    const sticky = await list({ sticky: '1', limit: '100' });
    expect(sticky.records.every((r) => r.Sticky === 1)).toBe(true);
    expect(sticky.records.map((r) => r.ID)).toContain(target.ID);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(target.ID)));
    expect(audit[0]).toMatchObject({ action: 'failure.sticky', before: { Sticky: 0 }, after: { Sticky: 1 } });
  });

  it('saves notes as typed text and refuses blank notes', async () => {
    const target = (await list()).records[0];
    if (!target) throw new Error('no failure');
    const notes = '<b>Checked</b> node logs; fee too low';
    const saved = await update({ ID: target.ID, field: 'Notes', value: notes });
    expect(saved.json().data.Notes).toBe(notes);
    const blank = await update({ ID: target.ID, field: 'Notes', value: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Notes are required');
  });

  it('refuses other tables, other fields, unknown rows and staff without view-transactions', async () => {
    expect((await update({ table: 'staff', ID: 1, field: 'Notes', value: 'x' })).statusCode).toBe(400);
    expect((await update({ ID: 1, field: 'Address', value: 'x' })).statusCode).toBe(400);
    expect((await update({ ID: 999999, field: 'Sticky', value: 1 })).json().message).toBe('No record found!');
    expect((await update({ ID: 1, field: 'Sticky', value: 1 }, marketing)).statusCode).toBe(403);
  });
});

import { ADMIN_CALLS, FAILURE_COUNT_CAP } from '@bo/contract';
import { eq, sql } from 'drizzle-orm';
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

describe('TransactionFailure at any page', () => {
  /** Every record in the box's order, read in one page of 100 at a time. */
  async function all(query: Record<string, string>) {
    const rows: number[] = [];
    for (let page = 1; ; page++) {
      const got = await list({ ...query, page: String(page), limit: '100' });
      rows.push(...got.records.map((r) => r.ID));
      if (got.records.length < 100) return { ids: rows, total: got.meta.total };
    }
  }

  it.each<Record<string, string>>([
    { orderBy: 'CreatedOn', order: 'desc' },
    { orderBy: 'UpdatedOn', order: 'asc' },
    { orderBy: 'ID', order: 'desc', sticky: '1' },
    { orderBy: 'CreatedOn', order: 'asc', keyword: 'node' },
  ])('answers the same rows on each page of 8, from either end, for %o', async (query) => {
    const { ids, total } = await all(query);
    expect(ids).toHaveLength(total);
    const pages = Math.ceil(total / 8);
    for (const page of [1, 2, Math.ceil(pages / 2) + 1, pages - 1, pages]) {
      if (page < 1) continue;
      const got = await list({ ...query, page: String(page) });
      expect(got.meta.total).toBe(total);
      expect(got.records.map((r) => r.ID)).toEqual(ids.slice((page - 1) * 8, page * 8));
    }
    expect((await list({ ...query, page: String(pages + 1) })).records).toEqual([]);
  });

  it('finds a failure by its coin name, its notes and its address, whatever the case', async () => {
    const { records } = await list({ limit: '100' });
    const withNotes = records.find((r) => r.Notes);
    const target = records[0];
    if (!target || !withNotes?.Notes) throw new Error('no failures');
    for (const [keyword, id] of [
      [target.Name.toUpperCase(), target.ID],
      [withNotes.Notes.slice(2, 12).toUpperCase(), withNotes.ID],
      [target.Address.slice(4, 14), target.ID],
    ] as const) {
      const { ids } = await all({ keyword });
      expect(ids, keyword).toContain(id);
    }
    // A keyword never matches across two fields (they are kept apart in the search column).
    const across = `${target.Failure.slice(-3)}${target.Address.slice(0, 3)}`;
    const { ids: acrossIds } = await all({ keyword: across });
    expect(acrossIds).not.toContain(target.ID);
  });
});

describe('TransactionFailure with many matches', () => {
  it('stops a keyword total at FAILURE_COUNT_CAP and says so, while the total without one stays exact', async () => {
    const db = t.database.db;
    const before = (await list()).meta.total;
    await db.execute(sql`
      insert into failure_causes (alt_coin_id, failure, address, notes, sticky, created_on, updated_on)
      select 1, 'Quorum lost on node ' || g, 'bc1q' || md5(g::text), null, 0,
             timestamptz '2020-01-01' + g * interval '1 minute', timestamptz '2020-01-01' + g * interval '1 minute'
      from generate_series(1, ${FAILURE_COUNT_CAP + 50}) g`);
    try {
      const capped = await list({ keyword: 'quorum' });
      expect(capped.meta).toMatchObject({ total: FAILURE_COUNT_CAP, isCapped: true });
      expect(capped.records).toHaveLength(8);
      const deep = await list({ keyword: 'quorum', page: String(FAILURE_COUNT_CAP / 8) });
      expect(deep.records).toHaveLength(8);
      expect((await list({ keyword: 'quorum lost on node 7' })).meta).toMatchObject({ isCapped: false });
      expect((await list()).meta).toMatchObject({ total: before + FAILURE_COUNT_CAP + 50, isCapped: false });
    } finally {
      await db.execute(sql`delete from failure_causes where failure like 'Quorum lost on node %'`);
    }
    expect((await list()).meta.total).toBe(before);
  });
});

describe('UpdateTable', () => {
  it('flips Sticky, which Sticky Only then finds, and audits the change', async () => {
    const target = (await list({ orderBy: 'ID', order: 'asc' })).records.find((r) => r.Sticky === 0);
    if (!target) throw new Error('no non-sticky failure');
    const before = (await list({ sticky: '1' })).meta.total;
    const response = await update({ ID: target.ID, field: 'Sticky', value: 1 });
    expect(response.json().data).toMatchObject({ ID: target.ID, Sticky: 1 });
    const sticky = await list({ sticky: '1', limit: '100' });
    // The total without a keyword comes from the per-flag counts: they follow the change.
    expect(sticky.meta.total).toBe(before + 1);
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

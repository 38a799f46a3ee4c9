import { formatTransactionRef } from '@bo/contract';
import { desc, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { transactions } from '../../db/schema';
import { seedDemoData } from '../../db/seed/demo-data.seed';
import { createTestDatabase } from '../../test/test-database';
import { findTransaction, prepareFindTransactions } from './transactions.repository';

describe('the live feeds’ read of several transactions', () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoData(database.db, {
      seed: 5,
      days: 3,
      txPerDay: 40,
      now: new Date('2026-03-02T12:00:00Z'),
    });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('answers each row exactly as the single-row read does, keyed by its reference, in one read', async () => {
    const newest = await database.db
      .select({ prefix: transactions.prefix, id: transactions.transactionId })
      .from(transactions)
      .orderBy(desc(transactions.id))
      .limit(60);
    // Rows with optional fields set too (a confirmation date, a provider), payments and payouts.
    const withProvider = await database.db
      .select({ prefix: transactions.prefix, id: transactions.transactionId })
      .from(transactions)
      .where(isNotNull(transactions.externalProvider))
      .limit(5);
    const refs = [...newest, ...withProvider];
    expect(refs.some((ref) => ref.prefix === 'P')).toBe(true);

    const rows = await prepareFindTransactions(database.db)(refs);

    expect(rows.size).toBe(new Set(refs.map((ref) => formatTransactionRef(ref.prefix, ref.id))).size);
    for (const ref of refs) {
      const single = await findTransaction(database.db, ref.prefix, ref.id);
      expect(rows.get(formatTransactionRef(ref.prefix, ref.id))).toEqual(single);
    }
  });

  it('leaves out references that name no transaction, and reads nothing for none', async () => {
    const find = prepareFindTransactions(database.db);
    const [row] = await database.db
      .select({ prefix: transactions.prefix, id: transactions.transactionId })
      .from(transactions)
      .limit(1);
    if (!row) throw new Error('no seeded transaction');
    const rows = await find([row, { prefix: 'T', id: 999_999_999 }, { prefix: 'P', id: 999_999_998 }]);
    expect([...rows.keys()]).toEqual([formatTransactionRef(row.prefix, row.id)]);
    expect((await find([])).size).toBe(0);
  });
});

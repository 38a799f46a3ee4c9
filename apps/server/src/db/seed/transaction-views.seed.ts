import { type TransactionViewFilters, transactionViewFiltersSchema } from '@bo/contract';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../database';
import { staff, transactionViews } from '../schema';

/** The demo's saved views of the Transactions screen (ADR 0021): relative ranges, so they stay current. */
const DEMO_VIEWS: ReadonlyArray<{
  name: string;
  author: string;
  shared: boolean;
  filters: Partial<TransactionViewFilters>;
}> = [
  {
    name: 'expired-last-7-days',
    author: 'admin',
    shared: true,
    filters: { range: '7d', statuses: ['expired'] },
  },
  {
    name: 'underpaid-this-month',
    author: 'support',
    shared: true,
    filters: { range: '30d', statuses: ['underpaid'], sort: 'Amount', order: 'desc' },
  },
  {
    name: 'pos-payments-today',
    author: 'support',
    shared: false,
    filters: { range: 'today', types: ['POS'] },
  },
  { name: 'all-payouts', author: 'admin', shared: true, filters: { range: 'all', types: ['Payout'] } },
];

/**
 * Saves the demo views once the demo staff exist (they are made after the demo data); a view already there
 * is left as staff changed it.
 */
export async function seedDemoTransactionViews(db: DbOrTx): Promise<void> {
  const authors = await db
    .select({ id: staff.id, username: staff.username })
    .from(staff)
    .where(inArray(staff.username, [...new Set(DEMO_VIEWS.map((v) => v.author))]));
  const idOf = new Map(authors.map((a) => [a.username, a.id]));
  const rows = DEMO_VIEWS.flatMap((view) => {
    const authorId = idOf.get(view.author);
    return authorId === undefined
      ? []
      : [
          {
            name: view.name,
            shared: view.shared,
            filters: transactionViewFiltersSchema.parse(view.filters),
            authorId,
          },
        ];
  });
  if (rows.length > 0)
    await db.insert(transactionViews).values(rows).onConflictDoNothing({ target: transactionViews.name });
}

import { PAYOUT_STATES } from '@bo/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoStaff } from '../../modules/staff/staff.service';
import { createTestDatabase } from '../../test/test-database';
import type { Database } from '../database';
import { seedDemoData } from './demo-data.seed';
import { attributeSeededApprovals } from './payouts.seed';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db, { seed: 7, days: 30, txPerDay: 60, now: new Date('2026-03-01T12:00:00Z') });
  await seedDemoStaff(database.db, { password: 'demo-password-1', totpSecret: 'JBSWY3DPEHPK3PXP' });
  await attributeSeededApprovals(database.db);
});
afterAll(() => database.close());

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('the demo payouts', () => {
  it('has payouts in every state, the four-eyes ones approved by a second person', async () => {
    const states = await rows<{ state: string; n: number }>(
      sql`select state, count(*)::int as n from payouts group by state`,
    );
    for (const state of PAYOUT_STATES)
      expect(states.find((s) => s.state === state)?.n, state).toBeGreaterThan(0);
    const unnamed = await rows<{ n: number }>(sql`select count(*)::int as n from payouts
      where needs_second_approval and approved_on is not null and approved_by_staff_id is null`);
    expect(unnamed[0]?.n).toBe(0);
    const awaiting = await rows<{ n: number }>(sql`select count(*)::int as n from payouts
      where state = 'awaiting-approval' and not needs_second_approval`);
    expect(awaiting[0]?.n).toBe(0);
  });

  it('gives every seeded payout its history, once', async () => {
    const without = await rows<{ n: number }>(sql`select count(*)::int as n from payouts p
      where not exists (select 1 from audit_log a where a.entity = 'payout' and a.entity_id = p.id::text)`);
    expect(without[0]?.n).toBe(0);
    const before = await rows<{ n: number }>(
      sql`select count(*)::int as n from audit_log where entity = 'payout'`,
    );
    await attributeSeededApprovals(database.db);
    const after = await rows<{ n: number }>(
      sql`select count(*)::int as n from audit_log where entity = 'payout'`,
    );
    expect(after[0]?.n).toBe(before[0]?.n);
    const approvals = await rows<{ actor: string }>(sql`select distinct actor_username as actor from audit_log
      where entity = 'payout' and action = 'payout.approve'`);
    expect(approvals.map((a) => a.actor)).toEqual(['secure']);
  });

  it('keeps the totals per state and coin in step with the rows', async () => {
    const drift = await rows<{ n: number }>(sql`
      select count(*)::int as n from (
        select state, alt_coin_id, count(*) as n, sum(amount) as amount from payouts group by 1, 2
      ) r full join payout_totals k using (state, alt_coin_id)
      where coalesce(r.n, 0) <> coalesce(k.n, 0) or coalesce(r.amount, 0) <> coalesce(k.amount, 0)`);
    expect(drift[0]?.n).toBe(0);
    const dayDrift = await rows<{ n: number }>(sql`
      select count(*)::int as n from (
        select state, (requested_on at time zone 'UTC')::date as day, alt_coin_id, count(*) as n,
          sum(eur_value) as eur from payouts group by 1, 2, 3
      ) r full join payout_day_totals k using (state, day, alt_coin_id)
      where coalesce(r.n, 0) <> coalesce(k.n, 0) or coalesce(r.eur, 0) <> coalesce(k.eur_value, 0)`);
    expect(dayDrift[0]?.n).toBe(0);
  });
});

import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../config/env';
import { type Database, openDatabase } from '../../db/database';
import { jobRuns } from '../../db/schema';
import { createClock } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { createJobRunner, syncJobCatalogue } from './job-runner';

// Two instances need a database both reach over their own connections: PostgreSQL only (TEST_DATABASE_URL).
const onPostgres = Boolean(readEnv().TEST_DATABASE_URL);
const KEY = 'instances.job';
const clock = createClock(new Date('2026-06-01T10:00:30Z'));
const quiet = { warn: () => undefined };
let first: Database & { url?: string };
let second: Database | undefined;

beforeAll(async () => {
  first = await createTestDatabase();
  if (onPostgres && first.url) second = await openDatabase({ url: first.url, dataDir: '' });
});
afterAll(async () => {
  await second?.close();
  await first.close();
});

describe('two server instances on one PostgreSQL database', () => {
  it.runIf(onPostgres)('run each scheduled slot and each run-now once between them', async () => {
    if (!second) throw new Error('no second connection pool');
    await syncJobCatalogue(
      first.db,
      // Allow: nothing but the claim keeps the two instances from running one slot twice.
      [{ key: KEY, title: 'Instances', cron: '* * * * *', movesMoney: false, timeoutS: 60 }],
      clock.now(),
    );
    await first.db.execute(`update jobs set concurrency = 'allow' where key = '${KEY}'`);
    const ranOn: string[] = [];
    const runnerOn = (db: Database['db'], instance: string) =>
      createJobRunner({
        db,
        now: clock.now,
        instance,
        log: quiet,
        claimsPerTick: 10,
        handlers: {
          [KEY]: async () => {
            ranOn.push(instance);
            // Long enough for the other instance's claims to overlap this run.
            await new Promise((resolve) => setTimeout(resolve, 20));
            return {};
          },
        },
      });
    const a = runnerOn(first.db, 'a');
    const b = runnerOn(second.db, 'b');
    const SLOTS = 10;
    for (let minute = 1; minute <= SLOTS; minute++) {
      clock.set(new Date(Date.UTC(2026, 5, 1, 10, minute, 0)));
      // A manual run alongside each slot, as staff would queue with Run now.
      await first.db.insert(jobRuns).values({ jobKey: KEY, trigger: 'manual', scheduledFor: clock.now() });
      // Both instances tick at the same moment, several times, racing for the same rows.
      await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    }
    await Promise.all([a.idle(), b.idle()]);
    const all = await first.db.select().from(jobRuns).where(eq(jobRuns.jobKey, KEY)).orderBy(asc(jobRuns.id));
    const scheduled = all.filter((r) => r.trigger === 'schedule');
    expect(scheduled.map((r) => r.scheduledFor.toISOString())).toEqual(
      Array.from({ length: SLOTS }, (_, i) => new Date(Date.UTC(2026, 5, 1, 10, i + 1, 0)).toISOString()),
    );
    expect(all).toHaveLength(2 * SLOTS);
    expect(all.every((r) => r.status === 'succeeded')).toBe(true);
    // Each run ran once: as many handler calls as runs, and both instances took part.
    expect(ranOn).toHaveLength(2 * SLOTS);
    expect(new Set(all.map((r) => r.claimedBy))).toEqual(new Set(['a', 'b']));
  });
});

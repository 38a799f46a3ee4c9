import { payoutFeedMessageSchema, SOCKET_PATHS } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalog } from '../../db/seed/catalog.seed';
import { adminPost, openFeed, signInStaff, within } from '../../test/access-helpers';
import { insertMerchant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ jwtTtlSeconds: 3600 });
  await seedCatalog(t.database.db, t.clock.now());
});
afterAll(() => t.close());

describe('the payouts feed', () => {
  it('tells every open Pending Payouts screen when a payout is requested or cancelled', async () => {
    const admin = await signInStaff(t.app, 'admin');
    const merchantId = await insertMerchant(t.database.db, 'Feed Payout Shop');
    const feed = await openFeed(t.app, SOCKET_PATHS.payouts, admin.cookie);
    expect(payoutFeedMessageSchema.parse(JSON.parse(await within(feed.synced, 5000, 'sync'))).type).toBe(
      'sync',
    );
    const frames: unknown[] = [];
    const two = new Promise<void>((resolve) =>
      feed.socket.on('message', (data) => {
        frames.push(payoutFeedMessageSchema.parse(JSON.parse(String(data))));
        if (frames.length === 2) resolve();
      }),
    );
    const requested = await adminPost(t.app, admin.token, 'RequestPayout', {
      MerchantID: merchantId,
      AltCoinID: 1,
      Amount: '1',
      Destination: 'bc1qfeedpayoutdestination',
    });
    const id = requested.json().data.ID as number;
    await adminPost(t.app, admin.token, 'CancelPayout', { ID: id, Reason: 'Feed check' });
    await within(two, 5000, 'two payout frames');
    expect(frames).toEqual([
      expect.objectContaining({ type: 'payout', kind: 'requested', ID: id, State: 'awaiting-approval' }),
      expect.objectContaining({ type: 'payout', kind: 'cancelled', ID: id, State: 'cancelled' }),
    ]);
    feed.socket.terminate();
  });
});

import { INGEST_PREFIX, payoutFeedMessageSchema, SOCKET_PATHS } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalog } from '../../db/seed/catalog.seed';
import { adminPost, openFeed, signInStaff, within } from '../../test/access-helpers';
import { insertMerchant } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

const TOKEN = 'payout-feed-token-'.padEnd(40, 'x');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ jwtTtlSeconds: 3600, ingestToken: TOKEN });
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

describe('the platform feed asks for payouts', () => {
  const feed = (payload: object, token = TOKEN) =>
    t.app.inject({
      method: 'POST',
      url: `${INGEST_PREFIX}/payout-requests`,
      headers: { authorization: `Bearer ${token}` },
      payload,
    });

  it('files them under the four-eyes rule, audited as the platform', async () => {
    const merchantId = await insertMerchant(t.database.db, 'Platform Payout Shop');
    const large = await feed({ merchantId, altCoinId: 1, amount: '1', destination: 'bc1qplatformpayout' });
    expect(large.statusCode, large.body).toBe(200);
    expect(large.json().data).toMatchObject({ state: 'awaiting-approval' });
    const small = await feed({
      merchantId,
      altCoinId: 1,
      amount: '0.0001',
      destination: 'bc1qplatformpayout',
    });
    expect(small.json().data).toMatchObject({ state: 'approved' });
    const admin = await signInStaff(t.app, 'admin');
    const detail = await adminPost(t.app, admin.token, 'CancelPayout', {
      ID: large.json().data.id,
      Reason: 'Checked by the feed test',
    });
    expect(detail.json().data.History.map((h: { Actor: string }) => h.Actor)).toEqual(['platform', 'admin']);
  });

  it('refuses bad input (400) and a wrong token (401)', async () => {
    const bad = await feed({ merchantId: 1, altCoinId: 1, amount: '-5' });
    expect(bad.statusCode).toBe(400);
    expect((await feed({ merchantId: 1, altCoinId: 1, amount: '1' }, 'x'.repeat(40))).statusCode).toBe(401);
  });
});

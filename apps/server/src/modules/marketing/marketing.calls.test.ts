import { ADMIN_CALLS } from '@bo/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, marketingRecipients, marketingUnsubscribes, merchants } from '../../db/schema';
import { adminPost, signInStaff } from '../../test/access-helpers';
import { insertMerchant } from '../../test/factories';
import { adminGet, createTestApp, type TestApp } from '../../test/test-app';
import { createMarketingService, STALE_SENDING_MS } from './marketing.service';

let t: TestApp;
let marketing = '';
let support = '';
let viewer = '';
let nl: number[] = [];
let noEmail = 0;

/** The app's own service (the one server.ts hands to the runner): the tests step the send by hand. */
const service = () => t.app.marketing;

beforeAll(async () => {
  t = await createTestApp({ jwtTtlSeconds: 3600 });
  marketing = (await signInStaff(t.app, 'marketing')).token;
  support = (await signInStaff(t.app, 'support')).token;
  viewer = (await signInStaff(t.app, 'viewer')).token;
  const db = t.database.db;
  // Three Dutch merchants (one with no email), one German.
  nl = [
    await insertMerchant(db, 'NL One'),
    await insertMerchant(db, 'NL Two'),
    await insertMerchant(db, 'NL Three'),
  ];
  noEmail = nl[2] as number;
  const de = await insertMerchant(db, 'DE One');
  for (const id of nl)
    await db.update(merchants).set({ country: 'NL', kycStatus: 'approved' }).where(eq(merchants.id, id));
  await db.update(merchants).set({ email: ' ' }).where(eq(merchants.id, noEmail));
  await db.update(merchants).set({ country: 'DE' }).where(eq(merchants.id, de));
});
afterAll(() => t.close());

const ok = async <T>(response: Awaited<ReturnType<typeof adminGet>>, parse: { parse(v: unknown): T }) => {
  expect(response.statusCode, response.body).toBe(200);
  return parse.parse(response.json().data);
};

async function segmentNL(name = 'Dutch approved') {
  return ok(
    await adminPost(t.app, marketing, 'SaveSegment', { Name: name, Country: 'nl', KYCStatus: 'approved' }),
    ADMIN_CALLS.SaveSegment.data,
  );
}

async function draft(segmentId?: number, body = '<p>Hello <strong>shops</strong></p>') {
  return ok(
    await adminPost(t.app, marketing, 'SaveCampaign', {
      Subject: 'Spring offers',
      Preheader: 'Lower fees in April',
      BodyHtml: body,
      SegmentID: segmentId,
    }),
    ADMIN_CALLS.SaveCampaign.data,
  );
}

describe('segments', () => {
  it('counts the audience live, leaving out merchants without email or unsubscribed', async () => {
    const count = await ok(
      await adminGet(t.app, marketing, 'CountAudience', { Country: 'NL' }),
      ADMIN_CALLS.CountAudience.data,
    );
    expect(count).toEqual({ Recipients: 2, Excluded: 1 });
    const all = await ok(await adminGet(t.app, marketing, 'CountAudience'), ADMIN_CALLS.CountAudience.data);
    expect(all.Recipients).toBe(3);
  });

  it('saves a segment (audited) and lists it with its count; a second of the same name is a 409', async () => {
    const s = await segmentNL();
    expect(s).toMatchObject({
      Name: 'Dutch approved',
      Definition: { Country: 'NL', KYCStatus: 'approved' },
      Recipients: 2,
    });
    const list = await ok(await adminGet(t.app, marketing, 'ListSegments'), ADMIN_CALLS.ListSegments.data);
    expect(list.map((x) => x.Name)).toContain('Dutch approved');
    const again = await adminPost(t.app, marketing, 'SaveSegment', { Name: 'dutch APPROVED' });
    expect(again.statusCode).toBe(409);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'marketing.segment.create'));
    expect(entry?.actorUsername).toBe('marketing');
  });

  it('refuses bad definitions with a message on the field', async () => {
    for (const [query, path, message] of [
      [{ Country: 'Netherlands' }, 'Country', 'The country is a two-letter code (DE, NL)'],
      [{ KYCStatus: 'maybe' }, 'KYCStatus', 'The KYC state must be one of'],
      [{ LifetimeMember: 'sometimes' }, 'LifetimeMember', 'Lifetime member must be yes or no'],
      [{ RegisteredFrom: '2026-05-01', RegisteredTo: '2026-04-01' }, 'RegisteredFrom', ''],
    ] as const) {
      const response = await adminGet(t.app, marketing, 'CountAudience', query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().data.issues[0].path).toBe(path);
      expect(response.json().data.issues[0].message).toContain(message);
    }
    expect((await adminPost(t.app, marketing, 'SaveSegment', { Name: '  ' })).json().message).toBe(
      'Give the segment a name',
    );
  });
});

describe('campaigns', () => {
  it('keeps only sanitised HTML and previews the email as recipients get it', async () => {
    const c = await draft(
      undefined,
      '<p onclick="steal()">Hi<script>alert(1)</script></p><iframe src="https://x.test"></iframe><a href="javascript:alert(1)">x</a><img src="/media/editor/0123456789abcdef0123456789abcdef.png">',
    );
    expect(c.Status).toBe('draft');
    expect(c.BodyHtml).not.toMatch(/script|onclick|iframe|javascript:/i);
    expect(c.BodyHtml).toContain('<img src="/media/editor/0123456789abcdef0123456789abcdef.png">');
    expect(c.PreviewHtml).toContain(
      `src="${t.config.publicUrl}/media/editor/0123456789abcdef0123456789abcdef.png"`,
    );
    expect(c.PreviewHtml).toContain('Unsubscribe');
    expect(c.PreviewHtml).toContain('Lower fees in April');
  });

  it('refuses a missing subject and an unknown segment on their fields', async () => {
    const noSubject = await adminPost(t.app, marketing, 'SaveCampaign', {
      Subject: '',
      BodyHtml: '<p>x</p>',
    });
    expect(noSubject.statusCode).toBe(400);
    expect(noSubject.json().message).toBe('A subject is required');
    const badSegment = await adminPost(t.app, marketing, 'SaveCampaign', {
      Subject: 'x',
      BodyHtml: '<p>x</p>',
      SegmentID: 999999,
    });
    expect(badSegment.statusCode).toBe(400);
    expect(badSegment.json().data.issues[0].path).toBe('SegmentID');
  });

  it('sends a test to one address, marked [TEST], with no recipient recorded', async () => {
    const c = await draft();
    const before = t.outbox.length;
    const response = await adminPost(t.app, marketing, 'TestSendCampaign', { ID: c.ID, To: 'me@ops.test' });
    expect(response.statusCode, response.body).toBe(200);
    const mail = t.outbox[before];
    expect(mail?.to).toBe('me@ops.test');
    expect(mail?.subject).toBe('[TEST] Spring offers');
    expect(mail?.html).toContain('<strong>shops</strong>');
    expect(mail?.headers?.['List-Unsubscribe']).toBe(`<${t.config.publicUrl}/unsubscribe/test>`);
    const bad = await adminPost(t.app, marketing, 'TestSendCampaign', { ID: c.ID, To: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Enter a valid email address');
  });

  it('sends as a queued job: one row per recipient, sent at the rate, then sent; a second Send is a 409', async () => {
    const segment = await segmentNL('Dutch for send');
    const c = await draft(segment.ID);
    const started = await ok(
      await adminPost(t.app, marketing, 'SendCampaign', { ID: c.ID }),
      ADMIN_CALLS.SendCampaign.data,
    );
    expect(started.Status).toBe('sending');
    expect(started.Counts).toMatchObject({ Total: 2, Queued: 2, Sent: 0 });
    expect((await adminPost(t.app, marketing, 'SendCampaign', { ID: c.ID })).statusCode).toBe(409);
    expect(
      (await adminPost(t.app, marketing, 'SaveCampaign', { ID: c.ID, Subject: 'x', BodyHtml: '' }))
        .statusCode,
    ).toBe(409);

    const before = t.outbox.length;
    expect(await service().runStep(1)).toBe(1);
    let detail = await ok(
      await adminGet(t.app, marketing, 'CampaignDetail', { ID: String(c.ID) }),
      ADMIN_CALLS.CampaignDetail.data,
    );
    expect(detail.Counts).toMatchObject({ Queued: 1, Sent: 1 });
    expect(detail.Status).toBe('sending');
    await service().runStep(10);
    detail = await ok(
      await adminGet(t.app, marketing, 'CampaignDetail', { ID: String(c.ID) }),
      ADMIN_CALLS.CampaignDetail.data,
    );
    expect(detail.Status).toBe('sent');
    expect(detail.Counts).toMatchObject({ Total: 2, Sent: 2, Queued: 0 });
    const sent = t.outbox.slice(before);
    expect(sent.map((m) => m.to).sort()).toEqual(['owner1@shop.test', 'owner2@shop.test'].sort());
    for (const mail of sent) {
      expect(mail.html).toContain('Hello <strong>shops</strong>');
      expect(mail.text).toContain('Hello shops');
      expect(mail.headers?.['List-Unsubscribe']).toMatch(/^<http.*\/unsubscribe\/[A-Za-z0-9_-]{43}>$/);
    }
    // Nothing more is sent for it: each recipient once.
    await service().runStep(10);
    expect(t.outbox.length).toBe(before + 2);

    const recipients = await ok(
      await adminGet(t.app, marketing, 'ListCampaignRecipients', { ID: String(c.ID), state: 'sent' }),
      ADMIN_CALLS.ListCampaignRecipients.data,
    );
    expect(recipients.meta.total).toBe(2);
    expect(recipients.records[0]?.SentOn).not.toBeNull();
  });

  it('refuses to send without a segment, or to a segment that reaches nobody', async () => {
    const c = await draft();
    const response = await adminPost(t.app, marketing, 'SendCampaign', { ID: c.ID });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Pick a segment before sending');
    const empty = await ok(
      await adminPost(t.app, marketing, 'SaveSegment', { Name: 'Nobody', Country: 'ZZ' }),
      ADMIN_CALLS.SaveSegment.data,
    );
    const c2 = await draft(empty.ID);
    expect((await adminPost(t.app, marketing, 'SendCampaign', { ID: c2.ID })).json().message).toBe(
      'This segment reaches no merchant',
    );
  });

  it('cancel stops the remaining recipients; a cancelled campaign cannot be cancelled again', async () => {
    const segment = await segmentNL('Dutch for cancel');
    const c = await draft(segment.ID);
    await adminPost(t.app, marketing, 'SendCampaign', { ID: c.ID });
    await service().runStep(1);
    const cancelled = await ok(
      await adminPost(t.app, marketing, 'CancelCampaign', { ID: c.ID }),
      ADMIN_CALLS.CancelCampaign.data,
    );
    expect(cancelled.Status).toBe('cancelled');
    expect(cancelled.Counts).toMatchObject({ Sent: 1, Skipped: 1, Queued: 0 });
    const before = t.outbox.length;
    await service().runStep(10);
    expect(t.outbox.length).toBe(before);
    expect((await adminPost(t.app, marketing, 'CancelCampaign', { ID: c.ID })).statusCode).toBe(409);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'marketing.campaign.cancel'), eq(auditLog.entityId, String(c.ID))));
    expect(entry?.after).toEqual({ Status: 'cancelled' });
  });

  it('after a restart, a recipient left sending is failed (never sent twice) and the rest resume', async () => {
    const segment = await segmentNL('Dutch for restart');
    const c = await draft(segment.ID);
    await adminPost(t.app, marketing, 'SendCampaign', { ID: c.ID });
    // A runner took one and stopped before it finished.
    const db = t.database.db;
    const [first] = await db
      .select()
      .from(marketingRecipients)
      .where(eq(marketingRecipients.campaignId, c.ID))
      .orderBy(marketingRecipients.id)
      .limit(1);
    await db
      .update(marketingRecipients)
      .set({ state: 'sending', updatedOn: t.clock.now() })
      .where(eq(marketingRecipients.id, first?.id ?? 0));
    t.clock.advance(STALE_SENDING_MS + 1000);
    const before = t.outbox.length;
    await service().runStep(10);
    expect(t.outbox.length).toBe(before + 1);
    const detail = await ok(
      await adminGet(t.app, marketing, 'CampaignDetail', { ID: String(c.ID) }),
      ADMIN_CALLS.CampaignDetail.data,
    );
    expect(detail).toMatchObject({ Status: 'sent', Counts: { Sent: 1, Failed: 1 } });
  });

  it('a cancel while a claimed batch is being sent stops the rest of the batch', async () => {
    const segment = await segmentNL('Dutch for cancel mid-batch');
    const c = await draft(segment.ID);
    await adminPost(t.app, marketing, 'SendCampaign', { ID: c.ID });
    const sent: string[] = [];
    const cancelling = createMarketingService({
      db: t.database.db,
      now: t.clock.now,
      mailer: {
        send: async (mail) => {
          sent.push(mail.to);
          // Staff cancel while the first mail of the batch is on its way.
          if (sent.length === 1) await adminPost(t.app, marketing, 'CancelCampaign', { ID: c.ID });
        },
      },
      publicUrl: t.config.publicUrl,
      productName: 'Testline',
    });
    await cancelling.runStep(10);
    expect(sent).toHaveLength(1);
    const detail = await ok(
      await adminGet(t.app, marketing, 'CampaignDetail', { ID: String(c.ID) }),
      ADMIN_CALLS.CampaignDetail.data,
    );
    expect(detail).toMatchObject({
      Status: 'cancelled',
      Counts: { Sent: 1, Skipped: 1, Queued: 0, Sending: 0 },
    });
  });

  it('a claimed recipient another instance has since failed as stale is not sent', async () => {
    const segment = await segmentNL('Dutch for stale sweep');
    const c = await draft(segment.ID);
    await adminPost(t.app, marketing, 'SendCampaign', { ID: c.ID });
    const sent: string[] = [];
    const slow = createMarketingService({
      db: t.database.db,
      now: t.clock.now,
      mailer: {
        send: async (mail) => {
          sent.push(mail.to);
          // This send hung past STALE_SENDING_MS: another instance's sweep fails the rest of the batch.
          await t.database.db
            .update(marketingRecipients)
            .set({
              state: 'failed',
              error: 'Interrupted while sending (not retried, so nobody gets it twice)',
            })
            .where(and(eq(marketingRecipients.campaignId, c.ID), eq(marketingRecipients.state, 'sending')));
        },
      },
      publicUrl: t.config.publicUrl,
      productName: 'Testline',
    });
    await slow.runStep(10);
    // The first had left before the sweep; the second, failed by the sweep, never leaves.
    expect(sent).toHaveLength(1);
  });

  it('a failing transport is recorded per recipient with its error', async () => {
    const segment = await segmentNL('Dutch for failure');
    const c = await draft(segment.ID);
    await adminPost(t.app, marketing, 'SendCampaign', { ID: c.ID });
    const failing = createMarketingService({
      db: t.database.db,
      now: t.clock.now,
      mailer: {
        send: async () => {
          throw new Error('SMTP 550 mailbox unavailable');
        },
      },
      publicUrl: t.config.publicUrl,
      productName: 'Testline',
    });
    await failing.runStep(10);
    const failed = await ok(
      await adminGet(t.app, marketing, 'ListCampaignRecipients', { ID: String(c.ID), state: 'failed' }),
      ADMIN_CALLS.ListCampaignRecipients.data,
    );
    expect(failed.records.map((r) => r.Error)).toEqual([
      'SMTP 550 mailbox unavailable',
      'SMTP 550 mailbox unavailable',
    ]);
  });

  it('lists campaigns with status and counts, filtered', async () => {
    const page = await ok(
      await adminGet(t.app, marketing, 'ListCampaigns', { status: 'sent', keyword: 'spring' }),
      ADMIN_CALLS.ListCampaigns.data,
    );
    expect(page.records.length).toBeGreaterThan(0);
    for (const row of page.records) expect(row.Status).toBe('sent');
    expect(page.records.some((r) => r.Sent === 2 && r.Total === 2)).toBe(true);
    const bad = await adminGet(t.app, marketing, 'ListCampaigns', { status: 'done' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('deletes', () => {
  const auditOf = async (action: string, id: number) =>
    (
      await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(id))))
    )[0];

  it('deletes a draft campaign, audited; a sending, sent or cancelled one is refused with its reason', async () => {
    const c = await draft();
    const deleted = await adminPost(t.app, marketing, 'DeleteCampaign', { ID: c.ID });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(ADMIN_CALLS.DeleteCampaign.data.parse(deleted.json().data)).toEqual({ ID: c.ID });
    expect((await adminGet(t.app, marketing, 'CampaignDetail', { ID: String(c.ID) })).statusCode).toBe(404);
    const entry = await auditOf('marketing.campaign.delete', c.ID);
    expect(entry?.actorUsername).toBe('marketing');
    expect(entry?.before).toEqual({ Subject: 'Spring offers', SegmentID: null, Status: 'draft' });
    expect((await adminPost(t.app, marketing, 'DeleteCampaign', { ID: c.ID })).statusCode).toBe(404);

    const segment = await segmentNL('Dutch for delete');
    const sending = await draft(segment.ID);
    await adminPost(t.app, marketing, 'SendCampaign', { ID: sending.ID });
    const refused = await adminPost(t.app, marketing, 'DeleteCampaign', { ID: sending.ID });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This campaign is sending: only a draft can be deleted; a campaign that was sent is kept as its record',
    );
    await service().runStep(10);
    expect((await adminPost(t.app, marketing, 'DeleteCampaign', { ID: sending.ID })).json().message).toBe(
      'This campaign is sent: only a draft can be deleted; a campaign that was sent is kept as its record',
    );
    const cancelled = await draft();
    await adminPost(t.app, marketing, 'CancelCampaign', { ID: cancelled.ID });
    expect((await adminPost(t.app, marketing, 'DeleteCampaign', { ID: cancelled.ID })).statusCode).toBe(409);
    expect((await adminPost(t.app, support, 'DeleteCampaign', { ID: cancelled.ID })).statusCode).toBe(403);
  });

  it('deletes a segment unless a sending campaign uses it; drafts using it lose the link, audited', async () => {
    const segment = await segmentNL('Dutch while sending');
    const sending = await draft(segment.ID);
    await adminPost(t.app, marketing, 'SendCampaign', { ID: sending.ID });
    const refused = await adminPost(t.app, marketing, 'DeleteSegment', { ID: segment.ID });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'The campaign "Spring offers" is sending to this segment: delete the segment once it is sent or cancelled',
    );
    await adminPost(t.app, marketing, 'CancelCampaign', { ID: sending.ID });

    const waiting = await draft(segment.ID);
    const deleted = await adminPost(t.app, marketing, 'DeleteSegment', { ID: segment.ID });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(ADMIN_CALLS.DeleteSegment.data.parse(deleted.json().data)).toEqual({ ID: segment.ID });
    const segments = ADMIN_CALLS.ListSegments.data.parse(
      (await adminGet(t.app, marketing, 'ListSegments')).json().data,
    );
    expect(segments.map((x) => x.ID)).not.toContain(segment.ID);
    // The draft keeps its text and needs another segment before it is sent; the cancelled one keeps its record.
    const detail = ADMIN_CALLS.CampaignDetail.data.parse(
      (await adminGet(t.app, marketing, 'CampaignDetail', { ID: String(waiting.ID) })).json().data,
    );
    expect(detail).toMatchObject({ SegmentID: null, Subject: 'Spring offers', Status: 'draft' });
    expect((await adminPost(t.app, marketing, 'SendCampaign', { ID: waiting.ID })).json().message).toBe(
      'Pick a segment before sending',
    );
    const cancelled = ADMIN_CALLS.CampaignDetail.data.parse(
      (await adminGet(t.app, marketing, 'CampaignDetail', { ID: String(sending.ID) })).json().data,
    );
    expect(cancelled).toMatchObject({ Status: 'cancelled', SegmentID: null });
    expect(cancelled.Counts.Total).toBe(2);
    const entry = await auditOf('marketing.segment.delete', segment.ID);
    expect(entry?.before).toMatchObject({ Name: 'Dutch while sending' });
    expect(entry?.after).toEqual({ CampaignsUnlinked: [sending.ID, waiting.ID] });
    expect((await adminPost(t.app, marketing, 'DeleteSegment', { ID: segment.ID })).statusCode).toBe(404);
    expect((await adminPost(t.app, support, 'DeleteSegment', { ID: segment.ID })).statusCode).toBe(403);
  });
});

describe('unsubscribe', () => {
  it('the link asks first (a GET writes nothing), the button records the unsubscribe, and the merchant is skipped from then on', async () => {
    const segment = await segmentNL('Dutch for unsubscribe');
    const c = await draft(segment.ID);
    await adminPost(t.app, marketing, 'SendCampaign', { ID: c.ID });
    const before = t.outbox.length;
    await service().runStep(1);
    const link = /<(http[^>]+)>/.exec(t.outbox[before]?.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? '';
    const path = new URL(link).pathname;
    // Mail scanners open every link: the GET only asks, and records nothing.
    const ask = await t.app.inject({ method: 'GET', url: path });
    expect(ask.statusCode).toBe(200);
    expect(ask.headers['content-type']).toContain('text/html');
    expect(ask.body).toContain('Unsubscribe from marketing emails?');
    expect(ask.body).toContain('<form method="post">');
    expect(await t.database.db.select().from(marketingUnsubscribes)).toHaveLength(0);
    // The button: a form POST from the page, with the browser's Origin and no CSRF header of ours.
    const page = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: t.config.publicUrl },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('You are unsubscribed');
    expect(page.body).toContain(`${t.outbox[before]?.to} will receive no more marketing emails`);
    const again = await t.app.inject({ method: 'GET', url: path });
    expect(again.body).toContain('was already unsubscribed');
    const rows = await t.database.db.select().from(marketingUnsubscribes);
    expect(rows).toHaveLength(1);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'marketing.unsubscribe'))
      .orderBy(desc(auditLog.id));
    expect(entry?.entityId).toBe(String(rows[0]?.merchantId));

    // The audience no longer counts them, and a new campaign does not queue them.
    const count = await ok(
      await adminGet(t.app, marketing, 'CountAudience', { Country: 'NL' }),
      ADMIN_CALLS.CountAudience.data,
    );
    expect(count).toEqual({ Recipients: 1, Excluded: 2 });
  });

  it('RFC 8058 one-click: the provider POSTs List-Unsubscribe=One-Click with no session or CSRF header', async () => {
    const segment = await segmentNL('Dutch for one-click');
    const c = await draft(segment.ID);
    await adminPost(t.app, marketing, 'SendCampaign', { ID: c.ID });
    const before = t.outbox.length;
    await service().runStep(1);
    const mail = t.outbox[before];
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const link = /<(http[^>]+)>/.exec(mail?.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? '';
    const url = new URL(link).pathname;
    // As a provider sends it: from its own servers, a form body, no cookie, no Origin of ours, no header of ours.
    const oneClick = () =>
      t.app.inject({
        method: 'POST',
        url,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'https://mail.provider.example',
          'sec-fetch-site': 'cross-site',
        },
        payload: 'List-Unsubscribe=One-Click',
      });
    const first = await oneClick();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.body).toContain(`${mail?.to} will receive no more marketing emails`);
    const token = url.split('/').pop() ?? '';
    const merchantId = (
      await t.database.db
        .select({ id: marketingRecipients.merchantId })
        .from(marketingRecipients)
        .where(eq(marketingRecipients.unsubscribeToken, token))
    )[0]?.id;
    const opted = await t.database.db
      .select()
      .from(marketingUnsubscribes)
      .where(eq(marketingUnsubscribes.merchantId, merchantId ?? 0));
    expect(opted).toHaveLength(1);
    // Idempotent: a provider's retry changes nothing and says so.
    const audits = async () =>
      (await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'marketing.unsubscribe')))
        .length;
    const auditsBefore = await audits();
    const again = await oneClick();
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('was already unsubscribed');
    expect(await audits()).toBe(auditsBefore);
    // The same POST as multipart (RFC 8058's own example) is taken too, and GET still shows its page.
    const multipart = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      payload: '--b\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b--\r\n',
    });
    expect(multipart.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url })).body).toContain('was already unsubscribed');
  });

  it('a one-click POST with an unknown token is a 404 page; the test link unsubscribes nobody', async () => {
    const before = await t.database.db.select().from(marketingUnsubscribes);
    const unknown = await t.app.inject({
      method: 'POST',
      url: `/unsubscribe/${'B'.repeat(43)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('This unsubscribe link is not valid');
    const test = await t.app.inject({
      method: 'POST',
      url: '/unsubscribe/test',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(test.body).toContain('This was a test email');
    expect(await t.database.db.select().from(marketingUnsubscribes)).toEqual(before);
  });

  it('an unknown or malformed token is a 404 page; the test link unsubscribes nobody', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: `/unsubscribe/${'A'.repeat(43)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('This unsubscribe link is not valid');
    expect((await t.app.inject({ method: 'GET', url: '/unsubscribe/%3Cscript%3E' })).statusCode).toBe(404);
    const test = await t.app.inject({ method: 'GET', url: '/unsubscribe/test' });
    expect(test.body).toContain('This was a test email');
  });
});

describe('permissions', () => {
  it('every marketing call needs marketing-commander', async () => {
    for (const token of [support, viewer]) {
      expect((await adminGet(t.app, token, 'ListCampaigns')).statusCode).toBe(403);
      expect((await adminGet(t.app, token, 'CountAudience')).statusCode).toBe(403);
      expect((await adminPost(t.app, token, 'SaveCampaign', { Subject: 'x', BodyHtml: '' })).statusCode).toBe(
        403,
      );
      expect((await adminPost(t.app, token, 'SendCampaign', { ID: 1 })).statusCode).toBe(403);
    }
  });
});

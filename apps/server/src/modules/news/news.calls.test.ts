import { ADMIN_CALLS, YOUTUBE_URL_MESSAGE } from '@bo/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { adminPost, signInStaff } from '../../test/access-helpers';
import { adminGet, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let marketing = '';
let support = '';

beforeAll(async () => {
  t = await createTestApp({ jwtTtlSeconds: 3600 });
  marketing = (await signInStaff(t.app, 'marketing')).token;
  support = (await signInStaff(t.app, 'support')).token;
});
afterAll(() => t.close());

const save = (payload: object) => adminPost(t.app, marketing, 'SaveNews', payload);

describe('news', () => {
  it('refuses a bad YouTube link with the SPEC message on the field, and takes a good one', async () => {
    for (const url of [
      'https://vimeo.com/123',
      'youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/short',
    ]) {
      const response = await save({ Title: 'Launch', BodyHtml: '<p>x</p>', YoutubeUrl: url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toBe(YOUTUBE_URL_MESSAGE);
      expect(response.json().data.issues).toEqual([{ path: 'YoutubeUrl', message: YOUTUBE_URL_MESSAGE }]);
    }
    const response = await save({
      Title: 'Launch',
      BodyHtml: '<p>We <em>launched</em><script>alert(1)</script></p><img src="x" onerror="alert(1)">',
      YoutubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
    expect(response.statusCode, response.body).toBe(200);
    const post = ADMIN_CALLS.SaveNews.data.parse(response.json().data);
    expect(post).toMatchObject({
      Title: 'Launch',
      BodyHtml: '<p>We <em>launched</em></p>',
      YoutubeID: 'dQw4w9WgXcQ',
      Published: false,
      CreatedBy: 'marketing',
    });
  });

  it('an empty YouTube link is allowed; a title is required', async () => {
    const response = await save({ Title: 'No video', BodyHtml: '<p>Text only</p>', YoutubeUrl: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.YoutubeUrl).toBeNull();
    const noTitle = await save({ Title: ' ', BodyHtml: '' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().message).toBe('A title is required');
  });

  it('publishes and unpublishes, keeping who and when, audited; the same state twice is a 409', async () => {
    const created = (await save({ Title: 'Fees drop', BodyHtml: '<p>Lower</p>' })).json().data;
    const published = await adminPost(t.app, marketing, 'SetNewsPublished', {
      ID: created.ID,
      Published: true,
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data).toMatchObject({ Published: true, PublishedBy: 'marketing' });
    expect(published.json().data.PublishedOn).toBe(t.clock.now().toISOString());
    expect(
      (await adminPost(t.app, marketing, 'SetNewsPublished', { ID: created.ID, Published: true })).statusCode,
    ).toBe(409);
    const unpublished = await adminPost(t.app, marketing, 'SetNewsPublished', {
      ID: created.ID,
      Published: false,
    });
    expect(unpublished.json().data).toMatchObject({ Published: false, PublishedBy: null, PublishedOn: null });
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'news_post'), eq(auditLog.entityId, String(created.ID))));
    expect(entries.map((e) => e.action)).toEqual(['news.create', 'news.publish', 'news.unpublish']);
    expect(
      (await adminPost(t.app, marketing, 'SetNewsPublished', { ID: 999999, Published: true })).statusCode,
    ).toBe(404);
    expect(
      (await adminPost(t.app, marketing, 'SetNewsPublished', { ID: created.ID, Published: 'yes' }))
        .statusCode,
    ).toBe(400);
  });

  it('edits a post (audited with the changed fields)', async () => {
    const created = (await save({ Title: 'Draft title', BodyHtml: '<p>a</p>' })).json().data;
    const edited = await save({ ID: created.ID, Title: 'Final title', BodyHtml: '<p>a</p>' });
    expect(edited.json().data.Title).toBe('Final title');
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'news.update'), eq(auditLog.entityId, String(created.ID))));
    expect(entry?.before).toEqual({ Title: 'Draft title' });
    expect(entry?.after).toEqual({ Title: 'Final title' });
    expect((await save({ ID: 999999, Title: 'x', BodyHtml: '' })).statusCode).toBe(404);
  });

  it('deletes a post, published or not, audited with its title; a second delete is a 404', async () => {
    const created = (await save({ Title: 'Old launch', BodyHtml: '<p>a</p>' })).json().data;
    await adminPost(t.app, marketing, 'SetNewsPublished', { ID: created.ID, Published: true });
    const deleted = await adminPost(t.app, marketing, 'DeleteNews', { ID: created.ID });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(ADMIN_CALLS.DeleteNews.data.parse(deleted.json().data)).toEqual({ ID: created.ID });
    const list = ADMIN_CALLS.ListNews.data.parse(
      (await adminGet(t.app, marketing, 'ListNews', { keyword: 'Old launch' })).json().data,
    );
    expect(list.records).toEqual([]);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'news.delete'), eq(auditLog.entityId, String(created.ID))));
    expect(entry?.actorUsername).toBe('marketing');
    expect(entry?.before).toEqual({ Title: 'Old launch', Published: true, YoutubeUrl: null });
    const again = await adminPost(t.app, marketing, 'DeleteNews', { ID: created.ID });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('No news post with that id');
    expect((await adminPost(t.app, support, 'DeleteNews', { ID: created.ID })).statusCode).toBe(403);
  });

  it('lists with filters: status, keyword, date range; refuses bad filters', async () => {
    const list = async (query: Record<string, string>) => {
      const response = await adminGet(t.app, marketing, 'ListNews', query);
      expect(response.statusCode, response.body).toBe(200);
      return ADMIN_CALLS.ListNews.data.parse(response.json().data);
    };
    const all = await list({});
    expect(all.meta.total).toBe(4);
    expect((await list({ status: 'draft' })).records.every((r) => !r.Published)).toBe(true);
    expect((await list({ keyword: 'launch' })).records.map((r) => r.Title)).toEqual(['Launch']);
    const day = t.clock.now().toISOString().slice(0, 10);
    expect((await list({ from: day, to: day })).meta.total).toBe(4);
    expect((await list({ from: '2000-01-01', to: '2000-01-02' })).meta.total).toBe(0);
    expect((await adminGet(t.app, marketing, 'ListNews', { status: 'live' })).statusCode).toBe(400);
    expect((await adminGet(t.app, marketing, 'ListNews', { from: '2026-02-30' })).statusCode).toBe(400);
  });

  it('needs marketing-commander', async () => {
    expect((await adminGet(t.app, support, 'ListNews')).statusCode).toBe(403);
    expect((await adminPost(t.app, support, 'SaveNews', { Title: 'x', BodyHtml: '' })).statusCode).toBe(403);
    expect((await adminPost(t.app, support, 'SetNewsPublished', { ID: 1, Published: true })).statusCode).toBe(
      403,
    );
  });
});

import { CHAT_MESSAGE_ERROR, MAIN_CALLS, parseContactList } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../db/seed/demo-data.seed';
import { createTestApp, csrf, signIn, type TestApp } from '../../test/test-app';

let t: TestApp;
let support = '';
let admin = '';
let marketing = '';

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, { seed: 11, days: 5, txPerDay: 10, now: t.clock.now() });
  support = (await signIn(t.app, 'support')).cookie;
  admin = (await signIn(t.app, 'admin')).cookie;
  marketing = (await signIn(t.app, 'marketing')).cookie;
});
afterAll(() => t.close());

const get = (cookie: string, query: string) =>
  t.app.inject({ method: 'GET', url: `/api/main/MarketAPI?MSGS&${query}`, headers: { cookie } });
const send = (cookie: string, payload: object, headers: Record<string, string> = csrf) =>
  t.app.inject({
    method: 'POST',
    url: '/api/main/MarketAPI?MSGS&Call=SEND',
    headers: { ...headers, cookie },
    payload,
  });

const contacts = async (cookie: string) => {
  const response = await get(cookie, 'Call=CONTACTLIST');
  expect(response.statusCode, response.body).toBe(200);
  return parseContactList(MAIN_CALLS.ChatContactList.data.parse(response.json().data));
};

describe('support chat', () => {
  it('lists contacts newest first with unread counts, and reading a history marks it read for that person only', async () => {
    const list = await contacts(support);
    expect(list.length).toBeGreaterThan(0);
    const times = list.map((c) => c.lastAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const unread = list.find((c) => c.count > 0);
    if (!unread) throw new Error('the demo chat has no unread message');

    const history = await get(support, `Call=HISTORY&ID=${unread.id}`);
    const messages = MAIN_CALLS.ChatHistory.data.parse(history.json().data);
    expect(messages.length).toBeGreaterThan(0);
    const ids = messages.map((m) => m.ID);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(messages.every((m) => m.ContactName === unread.name)).toBe(true);

    expect((await contacts(support)).find((c) => c.id === unread.id)?.count).toBe(0);
    expect((await contacts(admin)).find((c) => c.id === unread.id)?.count).toBe(unread.count);
  });

  it('sends a message as the signed-in staff member, stored as text', async () => {
    const [contact] = await contacts(support);
    if (!contact) throw new Error('no contact');
    const response = await send(support, { ID: contact.id, TEXT: '  <b>Hello</b> there  ' });
    expect(response.statusCode, response.body).toBe(200);
    const sent = MAIN_CALLS.ChatSend.data.parse(response.json().data);
    expect(sent).toMatchObject({
      MsgType: 'OUT',
      FROM: 'support',
      TO: contact.name,
      Message: '<b>Hello</b> there',
    });
    const history = MAIN_CALLS.ChatHistory.data.parse(
      (await get(support, `Call=HISTORY&ID=${contact.id}`)).json().data,
    );
    expect(history.at(-1)).toEqual(sent);
  });

  it('refuses a blank or oversized message with data.error, an unknown contact, and a send without the CSRF header', async () => {
    const [contact] = await contacts(support);
    const blank = await send(support, { ID: contact?.id, TEXT: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ message: CHAT_MESSAGE_ERROR, data: { error: CHAT_MESSAGE_ERROR } });
    const long = await send(support, { ID: contact?.id, TEXT: 'x'.repeat(4001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().data.error).toMatch(/at most 4000/);
    expect((await send(support, { ID: 99_999, TEXT: 'hi' })).statusCode).toBe(404);
    expect((await send(support, { ID: contact?.id, TEXT: 'hi' }, {})).statusCode).toBe(403);
  });

  it('is refused without chatter-role and without a session', async () => {
    expect((await get(marketing, 'Call=CONTACTLIST')).statusCode).toBe(403);
    expect((await send(marketing, { ID: 1, TEXT: 'hi' })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/main/MarketAPI?Call=CONTACTLIST' })).statusCode,
    ).toBe(401);
    expect((await get(support, 'Call=NOPE')).statusCode).toBe(400);
  });
});

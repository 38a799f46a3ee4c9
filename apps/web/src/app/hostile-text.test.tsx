import { type ChatMessage, formatContactList, SOCKET_PATHS } from '@bo/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeWebSocket } from '../test/fake-web-socket';
import { ACCOUNT, mockApi, signedInRoutes } from '../test/mock-api';
import { renderApp } from '../test/render-app';
import { listRoutes, makeTransaction } from '../test/transaction-fixtures';

/**
 * Issue 5: text that merchants or staff wrote is shown as text wherever it appears, never run as HTML.
 * Every such field gets markup that would run a script if it were parsed; each screen must show the markup
 * literally and create no element from it.
 */
const img = (field: string) => `<img src=x onerror="window.__xss=1" data-field="${field}">`;
const script = (field: string) => `<script>window.__xss=1 /* ${field} */</script>`;

type XssWindow = Window & { __xss?: unknown };

beforeEach(() => {
  delete (window as XssWindow).__xss;
});
afterEach(() => {
  delete (window as XssWindow).__xss;
});

/** Nothing was made from the hostile text: no injected image or script, no inline handler, no script URL. */
function expectNothingInjected() {
  expect(document.querySelectorAll('img[src="x"], img[onerror], [data-field]')).toHaveLength(0);
  const scripts = [...document.querySelectorAll('script')].filter((s) => s.textContent?.includes('__xss'));
  expect(scripts).toHaveLength(0);
  // React attaches its listeners at the root; an element with an on… attribute came from parsed markup.
  const withHandlers = [...document.querySelectorAll('*')].filter((el) =>
    el.getAttributeNames().some((name) => name.toLowerCase().startsWith('on')),
  );
  expect(withHandlers.map((el) => el.outerHTML.slice(0, 120))).toEqual([]);
  expect(document.querySelectorAll('a[href^="javascript:" i]')).toHaveLength(0);
  expect((window as XssWindow).__xss).toBeUndefined();
}

/** The hostile texts appear, character for character, in the element's text. */
function expectLiteral(element: HTMLElement, ...texts: string[]) {
  for (const text of texts) expect(element.textContent, `shows ${text}`).toContain(text);
}

const HOSTILE_TX = makeTransaction({
  ShopTitle: img('shop'),
  OwnerNickName: script('owner'),
  Email: img('email'),
  Tag: script('tag'),
  CustomerReferenceNr: img('customer-reference'),
  InvoiceCC: script('invoice-cc'),
  ConfirmURL: img('confirm-url'),
  FailURL: script('fail-url'),
  TransactionType: img('type'),
  CoinAddress: script('address'),
  BlockExplorer: 'javascript:window.__xss=1',
  Comments: `2024-03-05 02:00:00 PM - bob: ${img('comment')}\n${script('comment-2')}`,
  ExternalTransactionProvider: 'Rapyd',
});
const page = listRoutes({ records: [HOSTILE_TX], firstCursor: 'c1', lastCursor: 'c1' });
const MERCHANTS = { data: [{ ID: 9, ShopTitle: img('picker'), Name: script('picker-name') }] };

const dashboardRoutes = (extra = {}) =>
  signedInRoutes(['view-transactions', 'kyc-commander', 'view-users', 'admin-commander', 'chatter-role'], {
    ...page,
    MerchantsListDash: MERCHANTS,
    Last24HData: { status: 500, message: 'not in this test' },
    TotalRegistrations24H: { data: { TotalRegistrations: 0 } },
    LatestKYC: { data: [{ ID: 3, ShopTitle: img('kyc'), LastUpdatedOn: '2024-03-05T14:07:09Z' }] },
    RecentRegistrations: {
      data: [{ ID: 4, Name: script('registration'), RegisteredOn: '2024-03-05T14:07:09Z' }],
    },
    TransactionFailure: {
      data: {
        data: {
          records: [
            {
              ID: 41,
              Name: 'BTC',
              LongName: 'Bitcoin',
              AltCoinID: 1,
              Failure: img('failure'),
              Address: script('failure-address'),
              Notes: img('notes'),
              Sticky: 0,
              CreatedOn: new Date().toISOString(),
              UpdatedOn: new Date().toISOString(),
            },
          ],
          meta: { total: 1, offset: 0, limit: 8, page: 1 },
        },
      },
    },
    PaymentProvider: {
      data: {
        kind: 'rapyd',
        id: img('provider-id'),
        fields: { [script('provider-key')]: img('provider-value') },
      },
    },
    'GET /MarketAPI': { data: '' },
    ...extra,
  });

// Every source file of the app, as text (Vite's raw import), to look for ways of writing HTML.
const SOURCES = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const HTML_SINKS =
  /dangerouslySetInnerHTML|\.innerHTML|\.outerHTML|insertAdjacentHTML|document\.write|createContextualFragment/;

describe('merchant- and staff-written text is never run as HTML', () => {
  it('has no code that writes HTML from a string anywhere in the app', () => {
    expect(Object.keys(SOURCES).length).toBeGreaterThan(50);
    const sinks = Object.entries(SOURCES)
      .filter(([, text]) => HTML_SINKS.test(text))
      .map(([file]) => file);
    expect(sinks).toEqual([]);
  });

  it('shows merchant names, picker options, KYC, registrations, failure causes and notes on the dashboard as text', async () => {
    mockApi(dashboardRoutes());
    const user = userEvent.setup();
    renderApp('/admin/dashboard');
    const row = (await screen.findByRole('link', { name: 'T000001234' })).closest('tr') as HTMLElement;
    expectLiteral(row, img('shop'));
    const failures = await screen.findByRole('table', { name: 'Transaction failures' });
    expectLiteral(failures, img('failure'), img('notes'));
    await waitFor(() => expectLiteral(document.body, img('kyc'), script('registration')));

    await user.click(screen.getByLabelText('Merchant', { selector: 'input' }));
    expectLiteral(await screen.findByRole('listbox'), img('picker'));
    expectNothingInjected();
  });

  it('shows comments in the logs dialog, the acquirer record and the failure notes being edited as text', async () => {
    mockApi(dashboardRoutes());
    const user = userEvent.setup();
    renderApp('/admin/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Logs, has comments' }));
    const logs = await screen.findByRole('dialog', { name: 'Logs — T000001234' });
    expectLiteral(logs, img('comment'), script('comment-2'));
    expectNothingInjected();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'More actions for T000001234' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rapyd details' }));
    const provider = await screen.findByRole('dialog', { name: 'Rapyd — T000001234' });
    await waitFor(() => expectLiteral(provider, img('provider-value')));
    expectNothingInjected();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Update notes of failure 41' }));
    const notes = await screen.findByRole('dialog', { name: 'Update Notes' });
    expect(within(notes).getByRole('textbox')).toHaveValue(img('notes'));
    expectNothingInjected();
  });

  it('shows Email, Tag, CustomerReferenceNr, URLs, comments and the audit trail of a transaction as text', async () => {
    mockApi(
      signedInRoutes(['view-transactions'], {
        TransactionDetail: { data: HOSTILE_TX },
        TransactionAudit: {
          data: [
            {
              ID: 1,
              At: '2024-03-06T09:00:00.000Z',
              Actor: img('actor'),
              Action: script('action'),
              Before: { Comments: null },
              After: { Comments: img('audit-comment') },
            },
          ],
        },
      }),
    );
    renderApp('/admin/transactions/T000001234');
    const trail = await screen.findByRole('table', { name: 'Audit trail' });
    expectLiteral(trail, img('actor'), script('action'), img('audit-comment'));
    expectLiteral(
      document.body,
      img('shop'),
      img('email'),
      script('tag'),
      img('customer-reference'),
      script('invoice-cc'),
      img('confirm-url'),
      script('fail-url'),
      script('address'),
      img('comment'),
      'javascript:window.__xss=1',
    );
    expectNothingInjected();
  });

  it('shows chat contact names and messages as text', async () => {
    const message: ChatMessage = {
      ID: 1,
      FROM: img('chat-from'),
      TO: 'Support',
      Message: `${img('chat-message')} ${script('chat-message-2')}`,
      MsgType: 'IN',
      ContactName: img('contact'),
      CreatedOn: '2026-07-01T10:05:00.000Z',
    };
    mockApi(
      signedInRoutes(['chatter-role', 'view-roles'], {
        'GET /MarketAPI': (request: Request) =>
          new URL(request.url).searchParams.get('Call') === 'CONTACTLIST'
            ? {
                data: formatContactList([
                  { id: 11, name: img('contact'), lastAt: 1_700_000_000_000, count: 1 },
                ]),
              }
            : { data: [message] },
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/not-authorized');
    await user.click(await screen.findByRole('button', { name: /Support Chat/ }));
    const panel = await screen.findByRole('region', { name: 'Support Chat' });
    expect(within(panel).getByRole('combobox', { name: 'Contact' })).toHaveValue(img('contact'));
    await waitFor(() => expectLiteral(panel, img('chat-message'), script('chat-message-2')));
    expectNothingInjected();
  });

  it('shows a copied value and a server message in toasts and the notification list as text', async () => {
    mockApi(
      dashboardRoutes({
        KYCLOG: { status: 400, message: img('server-message') },
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/dashboard');
    await user.click(await screen.findByRole('button', { name: 'More actions for T000001234' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Copy customer reference' }));
    expect(await screen.findByText(`Copied to clipboard: ${img('customer-reference')}`)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Logs, has comments' }));
    const logs = await screen.findByRole('dialog', { name: 'Logs — T000001234' });
    await user.type(within(logs).getByRole('textbox', { name: 'Log' }), 'checked');
    await user.click(within(logs).getByRole('button', { name: 'Save' }));
    await waitFor(() => expectLiteral(document.body, img('server-message')));
    await user.keyboard('{Escape}');

    const socket = FakeWebSocket.find(SOCKET_PATHS.notifications);
    act(() => socket?.emit(`PAID:${img('frame')}:7:1700000000000`));
    await user.click(await screen.findByRole('button', { name: /^Notifications/ }));
    const list = await screen.findByRole('list', { name: 'Notification list' });
    expectLiteral(list, `Copied to clipboard: ${img('customer-reference')}`);
    expectNothingInjected();
  });

  it("shows the signed-in staff member's display name as text", async () => {
    mockApi(
      signedInRoutes([], {
        'GET /v2REAPI?Call=Accountdetail': {
          data: { data: { ...ACCOUNT, DisplayName: img('display-name') } },
        },
      }),
    );
    renderApp('/admin/dashboard');
    expect(
      await screen.findByRole('heading', { name: `Welcome, ${img('display-name')}` }),
    ).toBeInTheDocument();
    expectNothingInjected();
  });
});

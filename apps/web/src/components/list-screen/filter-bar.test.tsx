import type { MerchantRow } from '@bo/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useAppStore } from '../../lib/session/session.store';
import { mockApi } from '../../test/mock-api';
import { renderWithProviders } from '../../test/render-app';
import { useUrlParams } from '../url-params/use-url-params';
import { FilterBar } from './filter-bar';

const schema = z.object({
  keyword: z.string().trim().default(''),
  status: z.enum(['paid', 'expired']).optional(),
  statuses: z.array(z.enum(['paid', 'expired'])).default([]),
  range: z.enum(['30d', 'all', 'custom']).default('30d'),
  from: z.string().optional(),
  to: z.string().optional(),
  merchantId: z.coerce.number().int().optional(),
  page: z.coerce.number().int().min(1).default(1),
});

const OPTIONS = [
  { value: 'paid', label: 'Paid' },
  { value: 'expired', label: 'Expired' },
];

/** A list screen's filters and, for the test to read, the address they write. */
function Screen() {
  const url = useUrlParams(schema);
  const { search } = useLocation();
  return (
    <>
      <FilterBar
        url={url}
        filters={[
          { kind: 'search', key: 'keyword', placeholder: 'Shop' },
          { kind: 'select', key: 'status', label: 'Status', options: OPTIONS, width: 120 },
          { kind: 'multi-select', key: 'statuses', label: 'Statuses', options: OPTIONS, width: 200 },
          {
            kind: 'range-preset',
            key: 'range',
            label: 'Range',
            options: [
              { value: '30d', label: 'Last 30 days' },
              { value: 'all', label: 'All time' },
              { value: 'custom', label: 'Custom' },
            ],
            custom: 'custom',
            from: 'from',
            to: 'to',
            width: 150,
          },
          { kind: 'merchant', key: 'merchantId' },
        ]}
      />
      <output aria-label="Address">{search}</output>
    </>
  );
}

const render = (path: string) =>
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Screen />
    </MemoryRouter>,
  );
const address = () => new URLSearchParams(screen.getByRole('status', { name: 'Address' }).textContent ?? '');

const merchant = (ID: number, ShopTitle: string): MerchantRow => ({
  ID,
  ShopTitle,
  OwnerNickName: `owner${ID}`,
  Name: 'Ada Lovelace',
  Email: `shop${ID}@example.test`,
  APIKey: 'ab12…',
  Country: 'NL',
  KYCStatus: 'approved',
  RiskProfileID: 2,
  DisableCheckOut: false,
  DisablePayout: false,
  LifetimeMember: false,
  RegisteredOn: '2026-11-20T10:00:00.000Z',
});
const merchantsPage = (records: MerchantRow[]) => ({
  data: {
    data: { records, meta: { total: records.length, offset: 0, limit: 25, page: 1, isCapped: false } },
  },
});

const signIn = (slugs: string[]) =>
  useAppStore.setState({ token: 'jwt-1', permissions: slugs.map((Slug) => ({ Slug })) });

beforeEach(() => signIn([]));

describe('FilterBar', () => {
  it('shows the filters the address holds; a change writes its key and starts again from page 1', async () => {
    render('/list?status=paid&statuses=expired&page=3');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Paid');
    expect(screen.getByText('Expired')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Expired' }));
    expect(address().get('status')).toBe('expired');
    expect(address().get('statuses')).toBe('expired');
    expect(address().get('page')).toBeNull();

    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'tulip');
    await userEvent.click(document.body);
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('tulip');
    expect(address().get('keyword')).toBe('tulip');
  });

  it('Reset clears every filter from the address and the fields', async () => {
    render('/list?keyword=tulip&status=paid&range=all&page=2');
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(address().toString()).toBe('');
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Range' })).toHaveValue('Last 30 days');
  });

  it('a range preset shows From/To only for Custom, and another preset drops the days', async () => {
    render('/list?range=custom&from=2026-11-01&to=2026-11-10');
    expect(screen.getByRole('button', { name: 'From (UTC)' })).toHaveTextContent('2026-11-01');
    await userEvent.click(screen.getByRole('combobox', { name: 'Range' }));
    await userEvent.click(await screen.findByRole('option', { name: 'All time' }));
    expect(address().get('range')).toBe('all');
    expect(address().get('from')).toBeNull();
    expect(address().get('to')).toBeNull();
    expect(screen.queryByRole('button', { name: 'From (UTC)' })).not.toBeInTheDocument();
  });

  it('picks a merchant found by what is typed and keeps its id in the address', async () => {
    signIn(['view-users']);
    const { calls } = mockApi({
      ListMerchants: (request) => {
        const q = new URL(request.url).searchParams.get('q');
        return merchantsPage(q === 'tulip' ? [merchant(12, 'Tulip Shop'), merchant(13, 'Tulip Two')] : []);
      },
    });
    render('/list?page=2');
    const picker = screen.getByRole('combobox', { name: 'Merchant' });
    await userEvent.type(picker, 'tulip');
    const listbox = await screen.findByRole('listbox');
    expect(await within(listbox).findByText('Tulip Shop (#12)')).toBeInTheDocument();
    expect(within(listbox).getByText('shop12@example.test')).toBeInTheDocument();
    expect(calls.at(-1)?.url.searchParams.get('Call')).toBe('ListMerchants');
    await userEvent.click(within(listbox).getByText('Tulip Shop (#12)'));
    expect(address().get('merchantId')).toBe('12');
    expect(address().get('page')).toBeNull();
    expect(picker).toHaveValue('Tulip Shop (#12)');
  });

  it('names the merchant a link carries, looked up by its id', async () => {
    signIn(['view-users']);
    const { calls } = mockApi({ ListMerchants: merchantsPage([merchant(12, 'Tulip Shop')]) });
    render('/list?merchantId=12');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Merchant' })).toHaveValue('Tulip Shop (#12)'),
    );
    expect(calls[0]?.url.searchParams.get('q')).toBe('12');
  });

  it('gives staff who may not read the Users list the merchant id box', async () => {
    render('/list');
    await userEvent.type(screen.getByRole('textbox', { name: 'Merchant ID' }), '4a2');
    expect(screen.getByRole('textbox', { name: 'Merchant ID' })).toHaveValue('42');
    expect(address().get('merchantId')).toBe('42');
  });
});

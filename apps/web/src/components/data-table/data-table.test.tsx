import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderWithProviders } from '../../test/render-app';
import { useUrlParams } from '../url-params/use-url-params';
import { MoneyCell, StatusBadge, UtcDateCell, YesNoBadge } from './cells';
import { type Column, DataTable } from './data-table';
import { urlPaging, urlSort } from './paged';

interface Row {
  ID: number;
  Name: string;
  Amount: string;
  Status: string;
  Active: boolean;
  CreatedOn: string;
}

const row = (ID: number, more: Partial<Row> = {}): Row => ({
  ID,
  Name: `Shop ${ID}`,
  Amount: '1.5',
  Status: 'paid',
  Active: true,
  CreatedOn: '2026-02-01T13:04:05.000Z',
  ...more,
});

const columns: Column<Row>[] = [
  { key: 'ID', header: 'ID', sort: 'ID' },
  { key: 'Name', header: 'Name' },
  { key: 'Amount', header: 'Amount', align: 'right', cell: (r) => <MoneyCell value={r.Amount} /> },
  { key: 'Status', header: 'Status', cell: (r) => <StatusBadge status={r.Status} /> },
  { key: 'Active', header: 'Active', cell: (r) => <YesNoBadge value={r.Active} /> },
  {
    key: 'CreatedOn',
    header: 'Created On',
    sort: 'CreatedOn',
    cell: (r) => <UtcDateCell value={r.CreatedOn} />,
  },
];

const schema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  sort: z.enum(['CreatedOn', 'ID']).default('CreatedOn'),
  order: z.enum(['asc', 'desc']).default('desc'),
});

let location = '';
function Probe() {
  const here = useLocation();
  location = `${here.pathname}${here.search}`;
  return null;
}

function Screen({ rows, total = 32 }: { rows: Row[]; total?: number }) {
  const url = useUrlParams(schema);
  const page = url.params.page;
  return (
    <DataTable
      label="Shops"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.ID}
      sort={urlSort(url)}
      paging={urlPaging(url, { page, limit: 15, total, offset: (page - 1) * 15 })}
    />
  );
}

const renderAt = (path: string, ui: React.ReactNode) =>
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Probe />
      {ui}
    </MemoryRouter>,
  );

describe('DataTable', () => {
  it('shows the cells as the SPEC formats them: 8 decimals, UTC dates, coloured badges', () => {
    renderAt('/x', <Screen rows={[row(1), row(2, { Active: false, Status: 'expired' })]} />);
    const table = screen.getByRole('table', { name: 'Shops' });
    expect(within(table).getAllByText('1.50000000')).toHaveLength(2);
    expect(within(table).getAllByText('2026-02-01 01:04:05 PM')[0]).toBeInTheDocument();
    expect(within(table).getAllByText('UTC')).toHaveLength(2);
    expect(within(table).getByText('No')).toBeInTheDocument();
    expect(within(table).getByText('expired')).toBeInTheDocument();
  });

  it('sorts through the address: a click on a header sets sort and order and starts from page 1', async () => {
    renderAt('/x?page=2', <Screen rows={[row(1)]} />);
    const created = screen.getByRole('columnheader', { name: 'Created On' });
    expect(created).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(within(created).getByRole('button'));
    expect(location).toBe('/x?order=asc');
    expect(screen.getByRole('columnheader', { name: 'Created On' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await userEvent.click(within(screen.getByRole('columnheader', { name: 'ID' })).getByRole('button'));
    expect(location).toBe('/x?sort=ID');
  });

  it('says where the page sits and pages through the address', async () => {
    renderAt('/x?page=2', <Screen rows={Array.from({ length: 15 }, (_, i) => row(i + 16))} />);
    expect(screen.getByText('Showing 16 - 30 of 32')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '3' }));
    expect(location).toBe('/x?page=3');
  });

  it('shows the empty text, a loading skeleton, and an error with Retry', async () => {
    const onRetry = vi.fn();
    const empty = renderWithProviders(
      <DataTable label="Shops" columns={columns} rows={[]} rowKey={(r) => r.ID} empty="No shop found" />,
    );
    expect(screen.getByText('No shop found')).toBeInTheDocument();
    empty.unmount();
    const loading = renderWithProviders(
      <DataTable label="Shops" columns={columns} rows={undefined} rowKey={(r) => r.ID} isLoading />,
    );
    expect(screen.queryByText('No shop found')).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Shops' }).closest('[aria-busy]')).toHaveAttribute(
      'aria-busy',
      'true',
    );
    loading.unmount();
    renderWithProviders(
      <DataTable
        label="Shops"
        columns={columns}
        rows={undefined}
        rowKey={(r) => r.ID}
        error={new Error('x')}
        onRetry={onRetry}
      />,
    );
    expect(screen.getByText('Could not load shops.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('selects rows, runs row actions and follows a row click without stealing its buttons', async () => {
    const onChange = vi.fn();
    const onRowClick = vi.fn();
    const onAction = vi.fn();
    renderWithProviders(
      <DataTable
        label="Shops"
        columns={columns}
        rows={[row(1), row(2)]}
        rowKey={(r) => r.ID}
        selection={{ selected: [1], onChange }}
        onRowClick={onRowClick}
        rowActions={(r) => (
          <button type="button" onClick={() => onAction(r.ID)}>
            Open {r.ID}
          </button>
        )}
      />,
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(onChange).toHaveBeenLastCalledWith([1, 2]);
    await userEvent.click(screen.getByRole('button', { name: 'Open 2' }));
    expect(onAction).toHaveBeenCalledWith(2);
    expect(onRowClick).not.toHaveBeenCalled();
    await userEvent.click(screen.getByText('Shop 2'));
    expect(onRowClick).toHaveBeenCalledWith(expect.objectContaining({ ID: 2 }));
  });

  it('marks the current row aria-current, and scrolls it into view once it is there', async () => {
    const scrolled = vi.spyOn(window.HTMLElement.prototype, 'scrollIntoView');
    function Growing() {
      const [rows, setRows] = useState([row(1)]);
      return (
        <>
          <button type="button" onClick={() => setRows([row(1), row(2), row(3)])}>
            Load
          </button>
          <DataTable
            label="Shops"
            columns={columns}
            rows={rows}
            rowKey={(r) => r.ID}
            currentRow={(r) => r.ID === 2}
          />
        </>
      );
    }
    renderWithProviders(<Growing />);
    expect(scrolled).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Load' }));
    const current = screen.getByRole('row', { name: /Shop 2/ });
    expect(current).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('row', { name: /Shop 1/ })).not.toHaveAttribute('aria-current');
    expect(scrolled).toHaveBeenCalledOnce();
    expect(scrolled.mock.contexts[0]).toBe(current);
    scrolled.mockRestore();
  });
});

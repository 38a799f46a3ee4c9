import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../lib/session/session.store';
import { renderWithProviders } from '../../test/render-app';
import type { Column } from './data-table';
import { ExportButton } from './export-button';

interface Row {
  ID: number;
  Name: string;
}
const columns: Column<Row>[] = [
  { key: 'ID', header: 'ID' },
  { key: 'Name', header: 'Shop title' },
  { key: 'actions', header: 'Actions', export: false },
];

beforeEach(() => {
  useAppStore.setState({ token: 'jwt-1' });
  URL.createObjectURL = vi.fn(() => 'blob:csv');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.useRealTimers());

describe('ExportButton', () => {
  it('posts the list call with its filters and shown columns and downloads the file', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response('ID,Shop title\r\n1,Acme\r\n', {
          status: 200,
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="KycQueue-1.csv"',
          },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWithProviders(
      <ExportButton call="KycQueue" params={{ search: 'acme', page: 2 }} columns={columns} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/export?Call=KycQueue');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer jwt-1');
    expect(JSON.parse(String(init.body))).toEqual({
      params: { search: 'acme', page: 2 },
      columns: [
        { key: 'ID', header: 'ID' },
        { key: 'Name', header: 'Shop title' },
      ],
    });
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('KycQueue-1.csv');
  });

  it("shows the server's refusal as a toast and is ready again", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ status_code: 400, message: 'KycQueue has no column Foo', data: null }),
            {
              status: 400,
              headers: { 'content-type': 'application/json' },
            },
          ),
      ),
    );
    renderWithProviders(<ExportButton call="KycQueue" params={{}} columns={columns} />);
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('KycQueue has no column Foo')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });
});

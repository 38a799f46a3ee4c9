import { FILE_MESSAGES, type StoredFileRow } from '@bo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type RecordedCall, signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { precheckFile } from './precheck';

const callsOf = (calls: RecordedCall[], name: string) =>
  calls.filter((c) => c.url.searchParams.get('Call') === name);

const row = (n: number, extra: Partial<StoredFileRow> = {}): StoredFileRow => {
  const ID = String(n).padStart(32, 'a');
  return {
    ID,
    Store: 'market',
    Name: `banner-${n}.png`,
    Type: 'image/png',
    Ext: 'png',
    Size: 2048 * n,
    Sha256: 'f'.repeat(64),
    UploadedBy: 'marketing',
    UploadedOn: '2026-11-20T10:00:00.000Z',
    Url: `/media/market/${ID}.png`,
    ...extra,
  };
};
const page = (records: StoredFileRow[], maxBytes = 10 * 1024 * 1024) => ({
  data: { records, meta: { total: records.length, offset: 0, limit: 25, page: 1, maxBytes } },
});
const pick = (file: File) => {
  const input = document.querySelector('input[type="file"]');
  if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [file] } });
};

describe('Files', () => {
  it('lists a store’s files with preview, type, size and uploader, and sends the filters from the address', async () => {
    const pdf = row(2, {
      Name: 'terms.pdf',
      Type: 'application/pdf',
      Ext: 'pdf',
      Url: '/media/market/x.pdf',
    });
    const { calls } = mockApi(signedInRoutes(['marketing-commander'], { ListFiles: page([row(1), pdf]) }));
    renderApp('/admin/market/files?kind=image&sort=Name&order=asc');
    const table = await screen.findByRole('table', { name: 'Market Files' });
    expect(await within(table).findByText('banner-1.png')).toBeInTheDocument();
    expect(within(table).getByText('2 KB')).toBeInTheDocument();
    expect(within(table).getByText('application/pdf')).toBeInTheDocument();
    const first = callsOf(calls, 'ListFiles')[0]?.url.searchParams;
    expect(first?.get('Store')).toBe('market');
    expect(first?.get('kind')).toBe('image');
    expect(first?.get('sort')).toBe('Name');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'banner' } });
    await waitFor(() =>
      expect(callsOf(calls, 'ListFiles').at(-1)?.url.searchParams.get('keyword')).toBe('banner'),
    );
  });

  it('serves the POS store on its own route', async () => {
    const { calls } = mockApi(signedInRoutes(['marketing-commander'], { ListFiles: page([]) }));
    renderApp('/admin/market/pos/files');
    expect(await screen.findByRole('heading', { name: 'POS Files' })).toBeInTheDocument();
    expect(await screen.findByText('No file matches')).toBeInTheDocument();
    expect(callsOf(calls, 'ListFiles')[0]?.url.searchParams.get('Store')).toBe('pos');
  });

  it('uploads a picked image as multipart with the store in the query, and shows the server’s refusal', async () => {
    let refuse = false;
    const { calls } = mockApi(
      signedInRoutes(['marketing-commander'], {
        ListFiles: page([row(1)]),
        UploadFile: () =>
          refuse ? { status: 400, message: FILE_MESSAGES.type } : { data: row(3, { Name: 'new.png' }) },
      }),
    );
    renderApp('/admin/market/files');
    await screen.findByText('banner-1.png');
    pick(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'new.png', { type: 'image/png' }));
    await waitFor(() => expect(callsOf(calls, 'UploadFile')).toHaveLength(1));
    const sent = callsOf(calls, 'UploadFile')[0];
    expect(sent?.method).toBe('POST');
    expect(sent?.url.searchParams.get('Store')).toBe('market');
    expect(sent?.headers.get('content-type') ?? '').not.toContain('application/json');
    expect(await screen.findByText('Uploaded new.png')).toBeInTheDocument();

    refuse = true;
    pick(new File(['<html>'], 'sneaky.png', { type: 'image/png' }));
    // The success toast is an alert too: the refusal is the one titled 'Not uploaded'.
    const refusal = (await screen.findByText('Not uploaded')).closest('[role="alert"]');
    expect(refusal).toHaveTextContent(FILE_MESSAGES.type);
    expect(callsOf(calls, 'UploadFile')).toHaveLength(2);
  });

  it('refuses an oversize or unsupported file before sending it', async () => {
    const { calls } = mockApi(
      signedInRoutes(['marketing-commander'], {
        ListFiles: page([row(1)], 1024),
        UploadFile: { data: row(9) },
      }),
    );
    renderApp('/admin/market/files');
    await screen.findByText('banner-1.png');
    pick(new File([new Uint8Array(2048)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file must be at most 1 KB');
    pick(new File(['x'], 'notes.txt', { type: 'text/plain' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(FILE_MESSAGES.type));
    expect(callsOf(calls, 'UploadFile')).toHaveLength(0);
  });

  it('previews an image in a modal with its public address', async () => {
    mockApi(signedInRoutes(['marketing-commander'], { ListFiles: page([row(1)]) }));
    renderApp('/admin/market/files');
    fireEvent.click(await screen.findByRole('button', { name: 'banner-1.png' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img', { name: 'banner-1.png' })).toHaveAttribute('src', row(1).Url);
    expect(within(dialog).getByText(`http://localhost:3000${row(1).Url}`)).toBeInTheDocument();
  });

  it('deletes a file only after the confirm, then lists again', async () => {
    let deleted = false;
    const { calls } = mockApi(
      signedInRoutes(['marketing-commander'], {
        ListFiles: () => page(deleted ? [] : [row(1)]),
        DeleteFile: () => {
          deleted = true;
          return { data: row(1) };
        },
      }),
    );
    renderApp('/admin/market/files');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete banner-1.png' }));
    const dialog = await screen.findByRole('dialog');
    expect(callsOf(calls, 'DeleteFile')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsOf(calls, 'DeleteFile')).toHaveLength(1));
    expect(callsOf(calls, 'DeleteFile')[0]?.body).toEqual({ Store: 'market', ID: row(1).ID });
    expect(await screen.findByText('No file matches')).toBeInTheDocument();
  });
});

describe('precheckFile', () => {
  it('says what the server would say, for size and declared type', () => {
    expect(precheckFile({ size: 10, type: 'image/webp' }, 100)).toBeNull();
    expect(precheckFile({ size: 10, type: 'application/pdf' }, 100)).toBeNull();
    expect(precheckFile({ size: 0, type: 'image/png' }, 100)).toBe(FILE_MESSAGES.empty);
    expect(precheckFile({ size: 101, type: 'image/png' }, 100)).toBe('The file must be at most 100 B');
    expect(precheckFile({ size: 10, type: 'image/svg+xml' }, 100)).toBe(FILE_MESSAGES.type);
    expect(precheckFile({ size: 10, type: '' }, 100)).toBe(FILE_MESSAGES.type);
  });
});

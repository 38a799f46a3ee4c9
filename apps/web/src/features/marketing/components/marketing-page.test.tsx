import type { CampaignDetail, CampaignRow, Segment } from '@bo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubEditorLayout } from '../../../test/editor-layout';
import { mockApi, type RecordedCall, signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

beforeAll(stubEditorLayout);

const callsOf = (calls: RecordedCall[], name: string) =>
  calls.filter((c) => c.url.searchParams.get('Call') === name);

const row = (ID: number, Status: CampaignRow['Status'], extra: Partial<CampaignRow> = {}): CampaignRow => ({
  ID,
  Subject: `Campaign ${ID}`,
  Status,
  SegmentID: 3,
  SegmentName: 'KYC approved',
  CreatedBy: 'max',
  UpdatedOn: '2026-11-20T10:00:00.000Z',
  StartedOn: null,
  FinishedOn: null,
  Total: 0,
  Sent: 0,
  Failed: 0,
  Skipped: 0,
  ...extra,
});

const detail = (base: CampaignRow, counts: Partial<CampaignDetail['Counts']> = {}): CampaignDetail => ({
  ...base,
  Preheader: 'Short',
  BodyHtml: '<p>Hello shops</p>',
  PreviewHtml: '<html><body><p>Hello shops</p><a href="#">Unsubscribe</a></body></html>',
  Counts: { Total: 0, Queued: 0, Sending: 0, Sent: 0, Failed: 0, Skipped: 0, ...counts },
});

const SEGMENTS: Segment[] = [
  { ID: 3, Name: 'KYC approved', Definition: { KYCStatus: 'approved' }, Recipients: 47 },
];
const page = (records: CampaignRow[]) => ({
  data: { records, meta: { total: records.length, offset: 0, limit: 25, page: 1 } },
});

describe('Email Marketing', () => {
  it('lists campaigns with status and progress, and sends the filters from the address', async () => {
    const { calls } = mockApi(
      signedInRoutes(['marketing-commander'], {
        ListCampaigns: page([
          row(1, 'sent', { Total: 47, Sent: 43, Failed: 2, Skipped: 2 }),
          row(2, 'draft'),
        ]),
      }),
    );
    renderApp('/admin/marketing?status=sent');
    const table = await screen.findByRole('table', { name: 'Campaigns' });
    expect(await within(table).findByText('43 sent of 47, 2 failed, 2 skipped')).toBeInTheDocument();
    expect(within(table).getByText('Draft')).toBeInTheDocument();
    expect(callsOf(calls, 'ListCampaigns')[0]?.url.searchParams.get('status')).toBe('sent');
  });

  it('refuses a campaign without subject on its field, then saves what was typed', async () => {
    const saved = detail(row(9, 'draft', { Subject: 'Spring' }));
    const { calls } = mockApi(
      signedInRoutes(['marketing-commander'], {
        ListCampaigns: page([]),
        ListSegments: { data: SEGMENTS },
        SaveCampaign: { data: saved },
        CampaignDetail: { data: saved },
      }),
    );
    renderApp('/admin/marketing');
    fireEvent.click(await screen.findByRole('button', { name: 'New campaign' }));
    const drawer = await screen.findByRole('dialog', { name: 'New campaign' });
    await within(drawer).findByTestId('editor-frame');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save draft' }));
    expect(await within(drawer).findByText('A subject is required')).toBeInTheDocument();
    expect(callsOf(calls, 'SaveCampaign')).toHaveLength(0);

    fireEvent.change(within(drawer).getByRole('textbox', { name: 'Subject' }), {
      target: { value: 'Spring' },
    });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(callsOf(calls, 'SaveCampaign')).toHaveLength(1));
    expect(callsOf(calls, 'SaveCampaign')[0]?.body).toMatchObject({
      Subject: 'Spring',
      Preheader: '',
      BodyHtml: '',
    });
    // Saved: the campaign opens, ready to preview, test and send.
    expect(await screen.findByRole('button', { name: 'Send test' })).toBeInTheDocument();
  });

  it('shows the send progress of a sending campaign and its recipients', async () => {
    const sending = row(5, 'sending', { Total: 10, Sent: 4 });
    mockApi(
      signedInRoutes(['marketing-commander'], {
        ListCampaigns: page([sending]),
        CampaignDetail: { data: detail(sending, { Total: 10, Sent: 4, Failed: 1, Queued: 5 }) },
        ListCampaignRecipients: {
          data: {
            records: [
              {
                ID: 1,
                MerchantID: 4,
                ShopTitle: 'Tulip Shop',
                Email: 'a@tulip.test',
                State: 'failed',
                Error: '550 Mailbox unavailable',
                SentOn: null,
              },
            ],
            meta: { total: 1, offset: 0, limit: 25, page: 1 },
          },
        },
      }),
    );
    renderApp('/admin/marketing');
    fireEvent.click(await screen.findByText('Campaign 5'));
    const drawer = await screen.findByRole('dialog', { name: 'Campaign' });
    expect(await within(drawer).findByTestId('send-progress')).toHaveTextContent(
      '50% done: 4 sent, 1 failed, 0 skipped, 5 to go (of 10)',
    );
    expect(await within(drawer).findByText('550 Mailbox unavailable')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Cancel send' })).toBeInTheDocument();
  });

  it('Escape in the preview closes the preview only; the composer stays with its unsaved work', async () => {
    const saved = detail(row(7, 'draft', { Subject: 'Autumn' }));
    mockApi(
      signedInRoutes(['marketing-commander'], {
        ListCampaigns: page([row(7, 'draft', { Subject: 'Autumn' })]),
        ListSegments: { data: SEGMENTS },
        CampaignDetail: { data: saved },
      }),
    );
    renderApp('/admin/marketing');
    fireEvent.click(await screen.findByText('Autumn'));
    const drawer = await screen.findByRole('dialog', { name: 'Campaign' });
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('dialog', { name: 'Preview' });
    expect(within(preview).getByTitle('Preview content')).toBeInTheDocument();

    fireEvent.keyDown(within(preview).getByTitle('Preview content'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Preview' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Campaign' })).toBeInTheDocument();

    // Typed work is there still; with nothing over it, Escape closes the drawer itself.
    const subject = within(drawer).getByRole('textbox', { name: 'Subject' });
    fireEvent.change(subject, { target: { value: 'Autumn offers' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Cancel campaign' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel this draft' });
    fireEvent.keyDown(confirm, { key: 'Escape' });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Cancel this draft' })).not.toBeInTheDocument(),
    );
    expect(within(drawer).getByRole('textbox', { name: 'Subject' })).toHaveValue('Autumn offers');
    fireEvent.keyDown(subject, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Campaign' })).not.toBeInTheDocument());
  });

  it('deletes a draft after a confirm; a segment from the segments list after its own confirm', async () => {
    const saved = detail(row(8, 'draft', { Subject: 'Winter' }));
    const { calls } = mockApi(
      signedInRoutes(['marketing-commander'], {
        ListCampaigns: page([row(8, 'draft', { Subject: 'Winter' })]),
        ListSegments: { data: SEGMENTS },
        CampaignDetail: { data: saved },
        DeleteCampaign: { data: { ID: 8 } },
        DeleteSegment: {
          status: 409,
          message:
            'The campaign "Autumn" is sending to this segment: delete the segment once it is sent or cancelled',
        },
      }),
    );
    renderApp('/admin/marketing');
    fireEvent.click(await screen.findByText('Winter'));
    const drawer = await screen.findByRole('dialog', { name: 'Campaign' });
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Delete draft' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this draft' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete draft' }));
    await waitFor(() => expect(callsOf(calls, 'DeleteCampaign')).toHaveLength(1));
    expect(callsOf(calls, 'DeleteCampaign')[0]?.body).toEqual({ ID: 8 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Campaign' })).not.toBeInTheDocument());

    fireEvent.click(screen.getByRole('button', { name: 'Segments' }));
    const segments = await screen.findByRole('dialog', { name: 'Segments' });
    fireEvent.click(await within(segments).findByRole('button', { name: 'Delete KYC approved' }));
    const sure = await screen.findByRole('dialog', { name: 'Delete segment' });
    fireEvent.click(within(sure).getByRole('button', { name: 'Delete segment' }));
    await waitFor(() => expect(callsOf(calls, 'DeleteSegment')).toHaveLength(1));
    expect(await screen.findByText(/is sending to this segment/)).toBeInTheDocument();
  });
});

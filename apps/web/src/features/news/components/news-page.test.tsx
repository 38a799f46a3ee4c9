import { type NewsRow, YOUTUBE_URL_MESSAGE } from '@bo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubEditorLayout } from '../../../test/editor-layout';
import { mockApi, type RecordedCall, signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

beforeAll(stubEditorLayout);

const callsOf = (calls: RecordedCall[], name: string) =>
  calls.filter((c) => c.url.searchParams.get('Call') === name);

const post = (ID: number, extra: Partial<NewsRow> = {}): NewsRow => ({
  ID,
  Title: `Post ${ID}`,
  BodyHtml: '<p>Body</p>',
  YoutubeUrl: null,
  YoutubeID: null,
  Published: false,
  PublishedOn: null,
  PublishedBy: null,
  CreatedBy: 'max',
  CreatedOn: '2026-11-20T10:00:00.000Z',
  UpdatedOn: '2026-11-20T10:00:00.000Z',
  ...extra,
});
const page = (records: NewsRow[]) => ({
  data: { records, meta: { total: records.length, offset: 0, limit: 25, page: 1 } },
});

describe('News', () => {
  it('lists posts and keeps the filters in the address', async () => {
    const { calls } = mockApi(
      signedInRoutes(['marketing-commander'], {
        ListNews: page([
          post(1, { Published: true, PublishedOn: '2026-11-21T10:00:00.000Z', PublishedBy: 'max' }),
        ]),
      }),
    );
    renderApp('/admin/news?status=published&keyword=fees');
    const table = await screen.findByRole('table', { name: 'News' });
    expect(await within(table).findByText('Post 1')).toBeInTheDocument();
    expect(within(table).getByText('Published')).toBeInTheDocument();
    const params = callsOf(calls, 'ListNews')[0]?.url.searchParams;
    expect(params?.get('status')).toBe('published');
    expect(params?.get('keyword')).toBe('fees');
  });

  it('refuses a bad YouTube link with the SPEC message and keeps what was typed; the server refusal lands on the field too', async () => {
    let answer: 'refuse' | 'accept' = 'refuse';
    const { calls } = mockApi(
      signedInRoutes(['marketing-commander'], {
        ListNews: page([]),
        SaveNews: () =>
          answer === 'refuse'
            ? {
                status: 400,
                message: YOUTUBE_URL_MESSAGE,
                data: { issues: [{ path: 'YoutubeUrl', message: YOUTUBE_URL_MESSAGE }] },
              }
            : {
                data: post(4, {
                  Title: 'Launch',
                  YoutubeUrl: 'https://youtu.be/dQw4w9WgXcQ',
                  YoutubeID: 'dQw4w9WgXcQ',
                }),
              },
      }),
    );
    renderApp('/admin/news');
    fireEvent.click(await screen.findByRole('button', { name: 'New post' }));
    const drawer = await screen.findByRole('dialog', { name: 'New post' });
    await within(drawer).findByTestId('editor-frame');
    fireEvent.change(within(drawer).getByRole('textbox', { name: /Title/ }), { target: { value: 'Launch' } });
    const video = within(drawer).getByRole('textbox', { name: /YouTube URL/ });
    fireEvent.change(video, { target: { value: 'https://vimeo.com/1' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText(YOUTUBE_URL_MESSAGE)).toBeInTheDocument();
    expect(callsOf(calls, 'SaveNews')).toHaveLength(0);
    expect(video).toHaveValue('https://vimeo.com/1');

    // A link the client takes but the server refuses (its message under the field, the input kept).
    fireEvent.change(video, { target: { value: 'https://youtu.be/dQw4w9WgXcQ' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsOf(calls, 'SaveNews')).toHaveLength(1));
    expect(await within(drawer).findByText(YOUTUBE_URL_MESSAGE)).toBeInTheDocument();
    expect(video).toHaveValue('https://youtu.be/dQw4w9WgXcQ');

    answer = 'accept';
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Publish' })).toBeInTheDocument();
  });

  it('publishes a saved post', async () => {
    const draft = post(2);
    const { calls } = mockApi(
      signedInRoutes(['marketing-commander'], {
        ListNews: page([draft]),
        SetNewsPublished: {
          data: { ...draft, Published: true, PublishedOn: '2026-11-28T10:00:00.000Z', PublishedBy: 'max' },
        },
      }),
    );
    renderApp('/admin/news');
    fireEvent.click(await screen.findByText('Post 2'));
    const drawer = await screen.findByRole('dialog', { name: 'News post' });
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Publish' }));
    await waitFor(() =>
      expect(callsOf(calls, 'SetNewsPublished')[0]?.body).toEqual({ ID: 2, Published: true }),
    );
    expect(await within(drawer).findByRole('button', { name: 'Unpublish' })).toBeInTheDocument();
  });

  it('deletes a published post after a confirm that says it leaves the merchants news', async () => {
    const published = post(4, {
      Published: true,
      PublishedOn: '2026-11-21T10:00:00.000Z',
      PublishedBy: 'max',
    });
    const { calls } = mockApi(
      signedInRoutes(['marketing-commander'], {
        ListNews: page([published]),
        DeleteNews: { data: { ID: 4 } },
      }),
    );
    renderApp('/admin/news');
    fireEvent.click(await screen.findByText('Post 4'));
    const drawer = await screen.findByRole('dialog', { name: 'News post' });
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Delete post' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this post' });
    expect(within(confirm).getByText(/takes it off the merchants' news/)).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete post' }));
    await waitFor(() => expect(callsOf(calls, 'DeleteNews')).toHaveLength(1));
    expect(callsOf(calls, 'DeleteNews')[0]?.body).toEqual({ ID: 4 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'News post' })).not.toBeInTheDocument());
  });
});

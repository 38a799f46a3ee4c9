import { ADMIN_CALLS, NEWS_STATUS_FILTERS, type NewsRow } from '@bo/contract';
import { Anchor, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useCallForm } from '../../../components/call-form/use-call-form';
import { UtcDateCell } from '../../../components/data-table/cells';
import { type Column, Dash, DataTable } from '../../../components/data-table/data-table';
import { ExportButton } from '../../../components/data-table/export-button';
import { pagedTable } from '../../../components/data-table/paged';
import { FilterBar } from '../../../components/list-screen/filter-bar';
import { ListScreen } from '../../../components/list-screen/list-screen';
import { RichTextEditor } from '../../../components/rich-text-editor/rich-text-editor';
import { HtmlPreviewModal } from '../../../components/rich-text-editor/sandboxed-html';
import { openConfirm } from '../../../components/ui/confirm';
import { LayeredDrawer } from '../../../components/ui/layered-drawer';
import { useUrlParams } from '../../../components/url-params/use-url-params';
import { useAdminMutation } from '../../../lib/api/use-admin-mutation';
import { useAdminQuery } from '../../../lib/api/use-call-query';

const STATUS_LABELS = { published: 'Published', draft: 'Draft' } as const;
const STATUS_OPTIONS = NEWS_STATUS_FILTERS.map((s) => ({ value: s, label: STATUS_LABELS[s] }));

const columns: Column<NewsRow>[] = [
  {
    key: 'Title',
    header: 'Title',
    cell: (r) => (
      <Text fz="sm" fw={500}>
        {r.Title}
      </Text>
    ),
  },
  {
    key: 'Published',
    header: 'Status',
    nowrap: true,
    cell: (r) => (
      <Badge color={r.Published ? 'green' : 'gray'} variant="light" tt="none">
        {r.Published ? 'Published' : 'Draft'}
      </Badge>
    ),
  },
  {
    key: 'YoutubeUrl',
    header: 'Video',
    cell: (r) =>
      r.YoutubeUrl ? (
        <Anchor href={r.YoutubeUrl} target="_blank" rel="noopener noreferrer" fz="sm">
          YouTube
        </Anchor>
      ) : (
        <Dash />
      ),
  },
  {
    key: 'PublishedOn',
    header: 'Published (UTC)',
    sort: 'PublishedOn',
    nowrap: true,
    cell: (r) =>
      r.PublishedOn ? (
        <Stack gap={0}>
          <UtcDateCell value={r.PublishedOn} withZone={false} />
          <Text span fz="xs" c="dimmed">
            by {r.PublishedBy}
          </Text>
        </Stack>
      ) : (
        <Dash />
      ),
  },
  { key: 'PublishedBy', header: 'Published by', cell: () => null },
  {
    key: 'CreatedOn',
    header: 'Created (UTC)',
    sort: 'CreatedOn',
    nowrap: true,
    cell: (r) => (
      <Stack gap={0}>
        <UtcDateCell value={r.CreatedOn} withZone={false} />
        <Text span fz="xs" c="dimmed">
          by {r.CreatedBy}
        </Text>
      </Stack>
    ),
  },
];
const shownColumns = columns.filter((c) => c.key !== 'PublishedBy');

/** The body as readers get it: the server's sanitised HTML, in a frame that runs nothing. */
const bodyDocument = (html: string) =>
  `<!doctype html><meta charset="utf-8"><body style="font-family:Arial,Helvetica,sans-serif;color:#222;margin:12px">${html}</body>`;

/** News (SPEC §2.1 `news`, marketing-commander): posts with an optional video, published and unpublished. */
export function NewsPage() {
  const url = useUrlParams(ADMIN_CALLS.ListNews.params);
  const params = url.params;
  const query = useAdminQuery('ListNews', params, { placeholderData: keepPreviousData });
  const [open, setOpen] = useState<NewsRow | 'new' | null>(null);
  return (
    <ListScreen
      title="News"
      description="Posts merchants read in their apps. Only published posts are shown to them."
      actions={
        <Group gap="xs">
          <ExportButton call="ListNews" params={params} columns={columns} />
          <Button onClick={() => setOpen('new')}>New post</Button>
        </Group>
      }
      filters={
        <FilterBar
          url={url}
          filters={[
            { kind: 'search', key: 'keyword', placeholder: 'Title' },
            { kind: 'select', key: 'status', label: 'Status', options: STATUS_OPTIONS, width: 150 },
            { kind: 'date-range', from: 'from', to: 'to', fromLabel: 'Created from' },
          ]}
        />
      }
    >
      <DataTable
        label="News"
        columns={shownColumns}
        rowKey={(row) => row.ID}
        empty="No news post matches"
        onRowClick={(row) => setOpen(row)}
        currentRow={(row) => open !== null && open !== 'new' && row.ID === open.ID}
        {...pagedTable(query, url)}
      />
      <LayeredDrawer
        opened={open !== null}
        onClose={() => setOpen(null)}
        position="right"
        size={820}
        title={open === 'new' ? 'New post' : 'News post'}
      >
        {open !== null && (
          <NewsEditor
            key={open === 'new' ? 'new' : open.ID}
            post={open === 'new' ? null : open}
            onSaved={(saved) => setOpen(saved)}
            onDeleted={() => setOpen(null)}
          />
        )}
      </LayeredDrawer>
    </ListScreen>
  );
}

function NewsEditor({
  post,
  onSaved,
  onDeleted,
}: {
  post: NewsRow | null;
  onSaved: (post: NewsRow) => void;
  onDeleted: () => void;
}) {
  const [previewing, setPreviewing] = useState(false);
  const { form, onSubmit } = useCallForm(ADMIN_CALLS.SaveNews.params, {
    ID: post?.ID,
    Title: post?.Title ?? '',
    BodyHtml: post?.BodyHtml ?? '',
    YoutubeUrl: post?.YoutubeUrl ?? '',
  });
  const save = useAdminMutation('SaveNews', {
    invalidates: ['ListNews'],
    success: 'News post saved',
    handlesErrors: true,
    onSuccess: (data) => {
      form.resetDirty();
      onSaved(data);
    },
  });
  const publish = useAdminMutation('SetNewsPublished', {
    invalidates: ['ListNews'],
    success: (data) => (data.Published ? `“${data.Title}” is published` : `“${data.Title}” is unpublished`),
    onSuccess: onSaved,
  });
  const remove = useAdminMutation('DeleteNews', {
    invalidates: ['ListNews'],
    success: () => `“${post?.Title ?? ''}” is deleted`,
    onSuccess: onDeleted,
  });
  const isSaved = post !== null && !form.isDirty();
  return (
    <Stack gap="md">
      <form onSubmit={onSubmit((values) => save.mutateAsync(values))}>
        <Stack gap="sm">
          <TextInput label="Title" withAsterisk {...form.getInputProps('Title')} />
          <TextInput
            label="YouTube URL"
            placeholder="https://www.youtube.com/watch?v=…"
            description="Optional: a watch, embed or youtu.be link"
            {...form.getInputProps('YoutubeUrl')}
          />
          <RichTextEditor
            label="Body"
            value={String(form.getValues().BodyHtml ?? '')}
            onChange={(html) => form.setFieldValue('BodyHtml', html)}
            error={typeof form.errors.BodyHtml === 'string' ? form.errors.BodyHtml : null}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
      {post && (
        <Stack gap="xs">
          <Group gap="xs">
            <Badge color={post.Published ? 'green' : 'gray'} variant="light" tt="none">
              {post.Published ? 'Published' : 'Draft'}
            </Badge>
            {post.PublishedOn && (
              <Text fz="sm" c="dimmed">
                since <UtcDateCell value={post.PublishedOn} /> by {post.PublishedBy}
              </Text>
            )}
          </Group>
          {!isSaved && (
            <Text fz="sm" c="orange">
              Save first: publishing shows the saved post.
            </Text>
          )}
          <Group gap="xs">
            <Button variant="default" disabled={!isSaved} onClick={() => setPreviewing(true)}>
              Preview
            </Button>
            <Button
              color={post.Published ? 'red' : 'green'}
              variant={post.Published ? 'light' : 'filled'}
              disabled={!isSaved}
              loading={publish.isPending}
              onClick={() => publish.mutate({ ID: post.ID, Published: !post.Published })}
            >
              {post.Published ? 'Unpublish' : 'Publish'}
            </Button>
            <Button
              variant="subtle"
              color="red"
              ml="auto"
              loading={remove.isPending}
              onClick={() =>
                openConfirm({
                  title: 'Delete this post',
                  message: post.Published
                    ? `“${post.Title}” is published: deleting it takes it off the merchants' news. It cannot be undone.`
                    : `Delete “${post.Title}”? It cannot be undone.`,
                  confirmLabel: 'Delete post',
                  isDanger: true,
                  onConfirm: () => remove.mutate({ ID: post.ID }),
                })
              }
            >
              Delete post
            </Button>
          </Group>
          <HtmlPreviewModal
            opened={previewing}
            onClose={() => setPreviewing(false)}
            title={post.Title}
            html={bodyDocument(post.BodyHtml)}
          >
            <Stack gap="xs" mb="xs">
              {post.YoutubeID && (
                <Anchor
                  href={`https://www.youtube.com/watch?v=${post.YoutubeID}`}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  Video: youtube.com/watch?v={post.YoutubeID}
                </Anchor>
              )}
            </Stack>
          </HtmlPreviewModal>
        </Stack>
      )}
    </Stack>
  );
}

import {
  ADMIN_CALLS,
  FILE_KINDS,
  FILE_TYPES,
  type FileKind,
  formatFileSize,
  type StaffFileStore,
  type StoredFileRow,
  UPLOAD_FILE_FIELD,
} from '@bo/contract';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  FileButton,
  Group,
  Image,
  Select,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconCopy, IconDownload, IconEye, IconFileTypePdf, IconTrash, IconUpload } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { UtcDateCell } from '../../../components/data-table/cells';
import { type Column, DataTable } from '../../../components/data-table/data-table';
import { ExportButton } from '../../../components/data-table/export-button';
import { pagedTable } from '../../../components/data-table/paged';
import { ListScreen } from '../../../components/list-screen/list-screen';
import { SearchField } from '../../../components/list-screen/search-field';
import { openConfirm } from '../../../components/ui/confirm';
import { useUrlParams } from '../../../components/url-params/use-url-params';
import { adminUpload } from '../../../lib/api/admin-client';
import { callKey } from '../../../lib/api/query-keys';
import { useAdminMutation } from '../../../lib/api/use-admin-mutation';
import { useAdminQuery } from '../../../lib/api/use-call-query';
import { copyToClipboard } from '../../../lib/clipboard';
import { notifySuccess } from '../../../lib/notify';
import { FilePreview } from './file-preview';
import { precheckFile } from './precheck';

const STORE_TEXT: Record<StaffFileStore, { title: string; description: string }> = {
  market: {
    title: 'Market Files',
    description:
      'Images and PDFs the Market app shows: banners, product pictures, terms. Each has a public address.',
  },
  pos: {
    title: 'POS Files',
    description:
      'Images and PDFs for the POS app: idle screens, receipt logos, price lists. Each has a public address.',
  },
};
const KIND_LABELS: Record<FileKind, string> = { image: 'Images', pdf: 'PDF' };
const ACCEPT = Object.values(FILE_TYPES).join(',');
/** The list's filters in the address; the store is the route's, not the address's. */
const urlSchema = ADMIN_CALLS.ListFiles.params.omit({ Store: true });

const isImage = (row: StoredFileRow) => row.Type.startsWith('image/');
const absoluteUrl = (row: StoredFileRow) => new URL(row.Url, window.location.origin).toString();

function Thumbnail({ row, onOpen }: { row: StoredFileRow; onOpen: () => void }) {
  return (
    <ActionIcon
      variant="default"
      size={48}
      onClick={onOpen}
      aria-label={`Preview ${row.Name}`}
      style={{ overflow: 'hidden' }}
    >
      {isImage(row) ? (
        <Image src={row.Url} alt="" w={46} h={46} fit="cover" loading="lazy" />
      ) : (
        <IconFileTypePdf size={26} aria-hidden />
      )}
    </ActionIcon>
  );
}

/**
 * Market Files and POS Files (SPEC §2.1 `market/files`, `market/pos/files`, marketing-commander): one screen
 * for either store. Upload (checked here for size and type, sniffed by the server), list, preview, copy the
 * public address, delete.
 */
export function FilesPage({ store }: { store: StaffFileStore }) {
  const url = useUrlParams(urlSchema);
  const params = { ...url.params, Store: store };
  const query = useAdminQuery('ListFiles', params, { placeholderData: keepPreviousData });
  const table = pagedTable(query, url);
  const [preview, setPreview] = useState<StoredFileRow | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const client = useQueryClient();
  const maxBytes = query.data?.meta.maxBytes;

  const upload = useMutation({
    mutationFn: (file: File) =>
      adminUpload('UploadFile', { Store: store }, { field: UPLOAD_FILE_FIELD, file, fileName: file.name }),
    // The refusal is shown above the list, where the upload button is.
    meta: { handlesErrors: true },
    onSuccess: (row) => {
      setRefusal(null);
      notifySuccess(`Uploaded ${row.Name}`);
    },
    onError: (error) => setRefusal(error.message),
    onSettled: () => client.invalidateQueries({ queryKey: callKey('ListFiles') }),
  });
  const remove = useAdminMutation('DeleteFile', {
    invalidates: ['ListFiles'],
    success: (row) => `Deleted ${row.Name}`,
  });

  const pick = (file: File | null) => {
    if (!file) return;
    const problem = precheckFile(file, maxBytes);
    setRefusal(problem);
    if (!problem) upload.mutate(file);
  };
  const confirmDelete = (row: StoredFileRow) =>
    openConfirm({
      title: 'Delete file',
      message: `Delete ${row.Name}? Its public address stops working; pages and emails that show it lose it.`,
      confirmLabel: 'Delete',
      isDanger: true,
      onConfirm: () => remove.mutate({ Store: store, ID: row.ID }),
    });

  const columns: Column<StoredFileRow>[] = [
    {
      key: 'Preview',
      header: 'Preview',
      export: false,
      width: 72,
      cell: (r) => <Thumbnail row={r} onOpen={() => setPreview(r)} />,
    },
    {
      key: 'Name',
      header: 'Name',
      sort: 'Name',
      cell: (r) => (
        <Anchor
          component="button"
          type="button"
          fz="sm"
          onClick={() => setPreview(r)}
          style={{ wordBreak: 'break-all' }}
        >
          {r.Name}
        </Anchor>
      ),
    },
    { key: 'Type', header: 'Type', sort: 'Type', nowrap: true },
    {
      key: 'Size',
      header: 'Size',
      sort: 'Size',
      align: 'right',
      nowrap: true,
      cell: (r) => formatFileSize(r.Size),
    },
    { key: 'UploadedBy', header: 'Uploaded by', cell: (r) => r.UploadedBy ?? '—' },
    {
      key: 'UploadedOn',
      header: 'Uploaded (UTC)',
      sort: 'UploadedOn',
      nowrap: true,
      cell: (r) => <UtcDateCell value={r.UploadedOn} withZone={false} />,
    },
    { key: 'Url', header: 'Address', cell: () => null },
    { key: 'Sha256', header: 'SHA-256', cell: () => null },
  ];
  const shown = columns.filter((c) => c.key !== 'Url' && c.key !== 'Sha256');

  return (
    <ListScreen
      title={STORE_TEXT[store].title}
      description={STORE_TEXT[store].description}
      actions={
        <Group gap="sm">
          <ExportButton call="ListFiles" params={params} columns={columns} />
          <FileButton onChange={pick} accept={ACCEPT}>
            {(props) => (
              <Button
                {...props}
                leftSection={<IconUpload size={16} aria-hidden />}
                loading={upload.isPending}
              >
                Upload file
              </Button>
            )}
          </FileButton>
        </Group>
      }
      filters={
        <>
          <SearchField
            placeholder="File name"
            value={url.params.keyword}
            onChange={(keyword) => url.set({ keyword })}
          />
          <Select
            label="Type"
            placeholder="Any"
            clearable
            data={FILE_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
            value={url.params.kind ?? null}
            onChange={(kind) => url.set({ kind })}
            w={130}
          />
          <Button variant="default" onClick={() => url.reset()} style={{ alignSelf: 'flex-end' }}>
            Reset
          </Button>
        </>
      }
      before={
        <>
          <Text fz="sm" c="dimmed">
            PNG, JPEG, GIF, WebP or PDF{maxBytes ? `, at most ${formatFileSize(maxBytes)}` : ''}. The type is
            checked from the file's content, not its name.
          </Text>
          {refusal ? (
            <Alert
              color="red"
              title="Not uploaded"
              withCloseButton
              onClose={() => setRefusal(null)}
              role="alert"
            >
              {refusal}
            </Alert>
          ) : null}
        </>
      }
    >
      <DataTable
        label={`${STORE_TEXT[store].title}`}
        columns={shown}
        rowKey={(row) => row.ID}
        empty="No file matches"
        rowActions={(row) => (
          <Group gap={4} wrap="nowrap">
            <Tooltip label="Preview" withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Preview ${row.Name}`}
                onClick={() => setPreview(row)}
              >
                <IconEye size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Copy public address" withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Copy address of ${row.Name}`}
                onClick={() => void copyToClipboard(absoluteUrl(row))}
              >
                <IconCopy size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Download" withArrow>
              <ActionIcon
                component="a"
                href={row.Url}
                download={row.Name}
                variant="subtle"
                color="gray"
                aria-label={`Download ${row.Name}`}
              >
                <IconDownload size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Delete" withArrow>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete ${row.Name}`}
                onClick={() => confirmDelete(row)}
                loading={remove.isPending && remove.variables?.ID === row.ID}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
        {...table}
      />
      <FilePreview
        file={preview}
        publicUrl={preview ? absoluteUrl(preview) : ''}
        onClose={() => setPreview(null)}
      />
    </ListScreen>
  );
}

export const MarketFilesPage = () => <FilesPage store="market" />;
export const PosFilesPage = () => <FilesPage store="pos" />;

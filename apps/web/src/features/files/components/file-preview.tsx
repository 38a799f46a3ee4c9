import { formatFileSize, type StoredFileRow } from '@bo/contract';
import { Anchor, Button, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileTypePdf } from '@tabler/icons-react';
import { CopyableId, UtcDateCell } from '../../../components/data-table/cells';

/** A file opened from the list: an image shown whole, anything else as a download, with its public address. */
export function FilePreview({
  file,
  publicUrl,
  onClose,
}: {
  file: StoredFileRow | null;
  publicUrl: string;
  onClose: () => void;
}) {
  return (
    <Modal opened={file !== null} onClose={onClose} title={file?.Name ?? ''} size="xl" centered>
      {file ? (
        <Stack gap="md">
          {file.Type.startsWith('image/') ? (
            <Image src={file.Url} alt={file.Name} fit="contain" mah="60vh" radius="sm" />
          ) : (
            <Group gap="sm">
              <IconFileTypePdf size={40} aria-hidden />
              <Text fz="sm">
                A {file.Type === 'application/pdf' ? 'PDF' : file.Type} file opens as a download.
              </Text>
            </Group>
          )}
          <Text fz="sm" c="dimmed">
            {file.Type} · {formatFileSize(file.Size)} · uploaded by {file.UploadedBy ?? 'unknown'} on{' '}
            <UtcDateCell value={file.UploadedOn} />
          </Text>
          <Stack gap={2}>
            <Text fz="xs" fw={600}>
              Public address
            </Text>
            <CopyableId value={publicUrl} label="Copy address" />
          </Stack>
          <Group justify="flex-end">
            <Button
              component="a"
              href={file.Url}
              download={file.Name}
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              Download
            </Button>
            <Anchor href={file.Url} target="_blank" rel="noopener noreferrer" fz="sm">
              Open in a new tab
            </Anchor>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

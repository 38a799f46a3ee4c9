import type { AdminCallName } from '@bo/contract';
import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { handleApiError } from '../../lib/api/error-handler';
import { fetchExport, saveFile } from '../../lib/api/export-list';
import { type Column, exportColumns } from './data-table';

export interface ExportButtonProps<Row> {
  /** The list call (one defined with `list()` in the contract). */
  call: AdminCallName;
  /** The list's current params: the filters, search and sort the staff member set. */
  params: object | null;
  /** The table's columns; those with a row field go into the file, headed as on screen. */
  columns: readonly Column<Row>[];
  label?: string;
  /** A small icon button named `label` (with a tooltip), for a box with little room such as a dashboard card. */
  compact?: boolean;
}

/**
 * Downloads the whole list as CSV with the filters on screen (issue 14): the server streams every row the
 * params select and records the export in the audit log. A refusal shows the server's message (SPEC §8).
 */
export function ExportButton<Row>({
  call,
  params,
  columns,
  label = 'Export CSV',
  compact = false,
}: ExportButtonProps<Row>) {
  const [isExporting, setExporting] = useState(false);
  const run = async () => {
    setExporting(true);
    try {
      const { blob, fileName } = await fetchExport(call, { ...(params ?? {}) }, exportColumns(columns));
      saveFile(blob, fileName);
    } catch (error) {
      handleApiError(error);
    } finally {
      setExporting(false);
    }
  };
  if (compact)
    return (
      <Tooltip label={label} withArrow openDelay={300}>
        <ActionIcon
          variant="default"
          aria-label={label}
          loading={isExporting}
          disabled={params === null}
          onClick={() => void run()}
        >
          <IconDownload size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
    );
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={isExporting}
      disabled={params === null}
      onClick={() => void run()}
    >
      {label}
    </Button>
  );
}

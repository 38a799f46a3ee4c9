import { adminPath, currentStatusChoice, type Transaction } from '@bo/contract';
import { ActionIcon, Badge, Group, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconArrowsExchange,
  IconCopy,
  IconEdit,
  IconExternalLink,
  IconKey,
  IconNotes,
  IconUser,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { copyToClipboard } from '../../../lib/clipboard';
import { useHasPermission } from '../../../lib/session/use-permission';
import { LogsDialog } from './logs-dialog';
import { StatusDialog } from './status-dialog';
import { safeTransactionRef } from './transaction-ref';

const isWebLink = (url: string): boolean => /^https?:\/\//i.test(url);

function CopyAction({ label, value, icon }: { label: string; value: string; icon: ReactNode }) {
  return (
    <Tooltip label={label} withArrow openDelay={300}>
      <ActionIcon variant="subtle" size="sm" aria-label={label} onClick={() => void copyToClipboard(value)}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

export interface RowActionsProps {
  tx: Transaction;
  /** Another row on the page names this one as its master. */
  isMaster: boolean;
}

/**
 * The row actions of SPEC §2.6 item 2: copies, the explorer and xChange links, the M/C markers, the status
 * dialog (payments in a dialog status, admin-commander only: the server checks again) and the logs dialog.
 */
export function RowActions({ tx, isMaster }: RowActionsProps) {
  const ref = safeTransactionRef(tx.Prefix, tx.TransactionID);
  const iconProps = { size: 16, 'aria-hidden': true } as const;
  const canEditStatus =
    useHasPermission('admin-commander') && tx.Prefix === 'T' && currentStatusChoice(tx) !== null;
  const [isStatusOpen, statusDialog] = useDisclosure(false);
  const [isLogsOpen, logsDialog] = useDisclosure(false);
  const hasComments = (tx.Comments ?? '').trim() !== '';

  return (
    <Group gap={2} wrap="nowrap">
      <CopyAction label="Copy transaction ID" value={ref} icon={<IconCopy {...iconProps} />} />
      <CopyAction label="Copy security key" value={tx.Security} icon={<IconKey {...iconProps} />} />
      {tx.CustomerReferenceNr ? (
        <CopyAction
          label="Copy customer reference"
          value={tx.CustomerReferenceNr}
          icon={<IconUser {...iconProps} />}
        />
      ) : null}
      {tx.BlockExplorer && isWebLink(tx.BlockExplorer) && tx.CoinAddress !== 'NA' ? (
        <Tooltip label="Open in block explorer" withArrow openDelay={300}>
          <ActionIcon
            component="a"
            href={tx.BlockExplorer}
            target="_blank"
            rel="noopener noreferrer"
            variant="subtle"
            size="sm"
            aria-label="Open in block explorer"
          >
            <IconExternalLink {...iconProps} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {tx.XChangeID !== null ? (
        <Tooltip label={`All transactions of xChange ${tx.XChangeID}`} withArrow openDelay={300}>
          <ActionIcon
            component={Link}
            to={`${adminPath('dashboard')}?xc=${tx.XChangeID}`}
            variant="subtle"
            size="sm"
            aria-label={`Open xChange ${tx.XChangeID}`}
          >
            <IconArrowsExchange {...iconProps} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {canEditStatus ? (
        <Tooltip label="Change status" withArrow openDelay={300}>
          <ActionIcon variant="subtle" size="sm" aria-label="Change status" onClick={statusDialog.open}>
            <IconEdit {...iconProps} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      <Tooltip label={hasComments ? 'Logs (has comments)' : 'Logs'} withArrow openDelay={300}>
        <ActionIcon
          variant={hasComments ? 'light' : 'subtle'}
          color={hasComments ? 'yellow' : undefined}
          size="sm"
          aria-label={hasComments ? 'Logs, has comments' : 'Logs'}
          onClick={logsDialog.open}
        >
          <IconNotes {...iconProps} />
        </ActionIcon>
      </Tooltip>
      {isMaster ? (
        <Badge
          size="xs"
          variant="outline"
          color="blue"
          title="Master transaction"
          aria-label="Master transaction"
        >
          M
        </Badge>
      ) : null}
      {tx.MasterTransactionID !== null ? (
        <Badge
          size="xs"
          variant="outline"
          color="grape"
          title={`Clone of ${safeTransactionRef(tx.Prefix, tx.MasterTransactionID)}`}
          aria-label={`Clone of ${safeTransactionRef(tx.Prefix, tx.MasterTransactionID)}`}
        >
          C
        </Badge>
      ) : null}
      {canEditStatus ? <StatusDialog tx={tx} opened={isStatusOpen} onClose={statusDialog.close} /> : null}
      <LogsDialog tx={tx} opened={isLogsOpen} onClose={logsDialog.close} />
    </Group>
  );
}

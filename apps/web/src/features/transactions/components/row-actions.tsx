import { adminPath, currentStatusChoice, invoiceLink, providerKindOf, type Transaction } from '@bo/contract';
import { ActionIcon, Badge, Group, Menu, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconArrowsExchange,
  IconCopy,
  IconDots,
  IconEdit,
  IconExternalLink,
  IconKey,
  IconLink,
  IconNotes,
  IconReceipt,
  IconUser,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { copyToClipboard } from '../../../lib/clipboard';
import { useProductConfig } from '../../../lib/config/use-product-config';
import { useHasPermission } from '../../../lib/session/use-permission';
import { LogsDialog } from './logs-dialog';
import { ProviderDialog } from './provider-dialog';
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
  const [isProviderOpen, providerDialog] = useDisclosure(false);
  const invoiceTemplate = useProductConfig().data?.invoiceUrlTemplate ?? null;
  const provider = providerKindOf(tx.ExternalTransactionProvider) ? tx.ExternalTransactionProvider : null;
  const hasComments = (tx.Comments ?? '').trim() !== '';

  const explorer =
    tx.BlockExplorer && isWebLink(tx.BlockExplorer) && tx.CoinAddress !== 'NA' ? tx.BlockExplorer : null;
  const copy = (value: string) => () => void copyToClipboard(value);

  return (
    <Group gap={2} wrap="nowrap">
      <CopyAction label="Copy transaction ID" value={ref} icon={<IconCopy {...iconProps} />} />
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
      {canEditStatus ? (
        <Tooltip label="Change status" withArrow openDelay={300}>
          <ActionIcon variant="subtle" size="sm" aria-label="Change status" onClick={statusDialog.open}>
            <IconEdit {...iconProps} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {/* The less frequent actions share one menu, so the eight columns fit a laptop screen. */}
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <ActionIcon variant="subtle" size="sm" aria-label={`More actions for ${ref}`}>
            <IconDots {...iconProps} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconKey {...iconProps} />} onClick={copy(tx.Security)}>
            Copy security key
          </Menu.Item>
          {tx.Prefix === 'T' && invoiceTemplate ? (
            <Menu.Item
              leftSection={<IconLink {...iconProps} />}
              onClick={copy(invoiceLink(invoiceTemplate, ref, tx.Security))}
            >
              Copy invoice link
            </Menu.Item>
          ) : null}
          {tx.CustomerReferenceNr ? (
            <Menu.Item leftSection={<IconUser {...iconProps} />} onClick={copy(tx.CustomerReferenceNr)}>
              Copy customer reference
            </Menu.Item>
          ) : null}
          {provider ? (
            <Menu.Item leftSection={<IconReceipt {...iconProps} />} onClick={providerDialog.open}>
              {`${provider} details`}
            </Menu.Item>
          ) : null}
          {explorer ? (
            <Menu.Item
              component="a"
              href={explorer}
              target="_blank"
              rel="noopener noreferrer"
              leftSection={<IconExternalLink {...iconProps} />}
            >
              Open in block explorer
            </Menu.Item>
          ) : null}
          {tx.XChangeID !== null ? (
            <Menu.Item
              component={Link}
              to={`${adminPath('dashboard')}?xc=${tx.XChangeID}`}
              leftSection={<IconArrowsExchange {...iconProps} />}
            >
              {`All transactions of xChange ${tx.XChangeID}`}
            </Menu.Item>
          ) : null}
        </Menu.Dropdown>
      </Menu>
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
      {provider ? (
        <ProviderDialog tx={tx} provider={provider} opened={isProviderOpen} onClose={providerDialog.close} />
      ) : null}
    </Group>
  );
}

import { adminPath, currentStatusChoice, invoiceLink, providerKindOf, type Transaction } from '@bo/contract';
import { ActionIcon, Badge, Group, Menu } from '@mantine/core';
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
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useHoverTooltips } from '../../../components/ui/hover-tooltips';
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
    <ActionIcon
      variant="subtle"
      size="sm"
      aria-label={label}
      data-tooltip={label}
      onClick={() => void copyToClipboard(value)}
    >
      {icon}
    </ActionIcon>
  );
}

/**
 * A dialog or menu that mounts on its first opening and then stays (for the closing transition): a page of
 * rows would otherwise mount two or three closed dialogs and a menu per row (ADR 0012). It first renders
 * closed, then opens: Mantine remembers the element to give focus back to only when `opened` changes, so a
 * dialog mounted already open would leave keyboard focus on the page's body when it closes.
 */
function useLazyOpen(onMounted?: () => void) {
  const [state, setState] = useState<'unmounted' | 'mounting' | 'open' | 'closed'>('unmounted');
  const mounted = useRef(onMounted);
  mounted.current = onMounted;
  useEffect(() => {
    if (state !== 'mounting') return;
    mounted.current?.();
    setState('open');
  }, [state]);
  return {
    isOpen: state === 'open',
    isMounted: state !== 'unmounted',
    open: () => setState((s) => (s === 'unmounted' ? 'mounting' : 'open')),
    close: () => setState('closed'),
  };
}

/**
 * 'Copy invoice link', when the checkout's address template is configured. Its own component, so the
 * configuration is read when the menu opens, not by every row of every page.
 */
function InvoiceLinkItem({ tx, txRef }: { tx: Transaction; txRef: string }) {
  const template = useProductConfig().data?.invoiceUrlTemplate ?? null;
  if (tx.Prefix !== 'T' || !template) return null;
  return (
    <Menu.Item
      leftSection={<IconLink size={16} aria-hidden />}
      onClick={() => void copyToClipboard(invoiceLink(template, txRef, tx.Security))}
    >
      Copy invoice link
    </Menu.Item>
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
  const statusDialog = useLazyOpen();
  const logsDialog = useLazyOpen();
  const providerDialog = useLazyOpen();
  const tooltips = useHoverTooltips();
  // The menu (a floating dropdown) is mounted on the first click; until then, a plain button. Its button is
  // then a new element: focus moves to it before the menu opens, so closing the menu gives focus back to it.
  const moreRef = useRef<HTMLButtonElement>(null);
  const menu = useLazyOpen(() => moreRef.current?.focus());
  const provider = providerKindOf(tx.ExternalTransactionProvider) ? tx.ExternalTransactionProvider : null;
  const hasComments = (tx.Comments ?? '').trim() !== '';

  const explorer =
    tx.BlockExplorer && isWebLink(tx.BlockExplorer) && tx.CoinAddress !== 'NA' ? tx.BlockExplorer : null;
  const copy = (value: string) => () => void copyToClipboard(value);

  const moreLabel = `More actions for ${ref}`;
  const moreButton = (
    <ActionIcon
      variant="subtle"
      size="sm"
      aria-label={moreLabel}
      aria-haspopup="menu"
      ref={moreRef}
      onClick={menu.isMounted ? undefined : menu.open}
    >
      <IconDots {...iconProps} />
    </ActionIcon>
  );

  return (
    <Group gap={2} wrap="nowrap" {...tooltips.handlers}>
      <CopyAction label="Copy transaction ID" value={ref} icon={<IconCopy {...iconProps} />} />
      <ActionIcon
        variant={hasComments ? 'light' : 'subtle'}
        color={hasComments ? 'yellow' : undefined}
        size="sm"
        aria-label={hasComments ? 'Logs, has comments' : 'Logs'}
        data-tooltip={hasComments ? 'Logs (has comments)' : 'Logs'}
        onClick={logsDialog.open}
      >
        <IconNotes {...iconProps} />
      </ActionIcon>
      {canEditStatus ? (
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label="Change status"
          data-tooltip="Change status"
          onClick={statusDialog.open}
        >
          <IconEdit {...iconProps} />
        </ActionIcon>
      ) : null}
      {/* The less frequent actions share one menu, so the eight columns fit a laptop screen. */}
      {menu.isMounted ? (
        <Menu
          position="bottom-end"
          withinPortal
          shadow="md"
          opened={menu.isOpen}
          onChange={(opened) => (opened ? menu.open() : menu.close())}
        >
          <Menu.Target>{moreButton}</Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconKey {...iconProps} />} onClick={copy(tx.Security)}>
              Copy security key
            </Menu.Item>
            <InvoiceLinkItem tx={tx} txRef={ref} />
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
      ) : (
        moreButton
      )}
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
      {canEditStatus && statusDialog.isMounted ? (
        <StatusDialog tx={tx} opened={statusDialog.isOpen} onClose={statusDialog.close} />
      ) : null}
      {logsDialog.isMounted ? (
        <LogsDialog tx={tx} opened={logsDialog.isOpen} onClose={logsDialog.close} />
      ) : null}
      {provider && providerDialog.isMounted ? (
        <ProviderDialog
          tx={tx}
          provider={provider}
          opened={providerDialog.isOpen}
          onClose={providerDialog.close}
        />
      ) : null}
      {tooltips.tooltip}
    </Group>
  );
}

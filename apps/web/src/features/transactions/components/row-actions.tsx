import type { Transaction } from '@bo/contract';
import { ActionIcon, Badge, Group, Tooltip } from '@mantine/core';
import { IconCopy, IconExternalLink, IconKey, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { copyToClipboard } from './copy-to-clipboard';
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

/** Copy actions, the explorer link and the master/clone markers of a row (SPEC §2.6 item 2). */
export function RowActions({ tx, isMaster }: RowActionsProps) {
  const ref = safeTransactionRef(tx.Prefix, tx.TransactionID);
  const iconProps = { size: 16, 'aria-hidden': true } as const;
  return (
    <Group gap={2} wrap="nowrap">
      <CopyAction label="Copy transaction ID" value={ref} icon={<IconCopy {...iconProps} />} />
      <CopyAction label="Copy security key" value={tx.Security} icon={<IconKey {...iconProps} />} />
      {/* 'Copy invoice link' (SPEC §2.6) waits for the platform's invoice address to be in the contract (#3). */}
      {tx.CustomerReferenceNr ? (
        <CopyAction
          label="Copy customer reference"
          value={tx.CustomerReferenceNr}
          icon={<IconUser {...iconProps} />}
        />
      ) : null}
      {tx.BlockExplorer && isWebLink(tx.BlockExplorer) ? (
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
    </Group>
  );
}

import { adminPath, formatUtcDate } from '@bo/contract';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { privacyStyle } from '../../../lib/format/privacy-style';
import { useKycFeed } from '../../../lib/realtime/use-kyc-feed';
import { useAppStore } from '../../../lib/session/session.store';
import { useLatestKyc } from '../api/use-dashboard-data';
import { SideTableBox } from './side-table-box';

/**
 * The pending KYC cases (SPEC §2.6), shown to kyc-commander: each opens its case, the title link the queue.
 * The kyc feed keeps it live: a case another officer decides leaves the box without a reload.
 */
export function PendingKycBox() {
  const query = useLatestKyc(true);
  useKycFeed(true);
  const privacyMode = useAppStore((s) => s.privacyMode);
  return (
    <SideTableBox
      title="Pending KYC For Review"
      action={
        <Anchor component={Link} to={adminPath('kyc')} fz="sm">
          Open queue
        </Anchor>
      }
      columns={['Merchant', 'Last Updated On']}
      rows={query.data}
      isLoading={query.isPending}
      isError={query.isError}
      emptyText="No pending KYC found"
      rowKey={(row) => row.ID}
      renderCells={(row) => [
        <Anchor
          key="m"
          component={Link}
          to={adminPath('kyc', { id: row.ID })}
          fz="sm"
          style={privacyStyle(privacyMode)}
        >
          {row.ShopTitle}
        </Anchor>,
        formatUtcDate(row.LastUpdatedOn),
      ]}
    />
  );
}

import { formatUtcDate } from '@bo/contract';
import { privacyStyle } from '../../../lib/format/privacy-style';
import { useAppStore } from '../../../lib/session/session.store';
import { useLatestKyc } from '../api/use-dashboard-data';
import { SideTableBox } from './side-table-box';

export function PendingKycBox() {
  const query = useLatestKyc(true);
  const privacyMode = useAppStore((s) => s.privacyMode);
  return (
    <SideTableBox
      title="Pending KYC For Review"
      columns={['Merchant', 'Last Updated On']}
      rows={query.data}
      isLoading={query.isPending}
      isError={query.isError}
      emptyText="No pending KYC found"
      rowKey={(row) => row.ID}
      renderCells={(row) => [
        <span key="m" style={privacyStyle(privacyMode)}>
          {row.ShopTitle}
        </span>,
        formatUtcDate(row.LastUpdatedOn),
      ]}
    />
  );
}

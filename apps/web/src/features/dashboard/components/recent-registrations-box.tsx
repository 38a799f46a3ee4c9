import { formatUtcDate } from '@bo/contract';
import { privacyStyle } from '../../../lib/format/privacy-style';
import { useAppStore } from '../../../lib/session/session.store';
import { useRecentRegistrations } from '../api/use-dashboard-data';
import { SideTableBox } from './side-table-box';

export function RecentRegistrationsBox() {
  const query = useRecentRegistrations(true);
  const privacyMode = useAppStore((s) => s.privacyMode);
  return (
    <SideTableBox
      title="New Registrations"
      columns={['Name', 'Created On']}
      rows={query.data}
      isLoading={query.isPending}
      isError={query.isError}
      emptyText="No registration found"
      rowKey={(row) => row.ID}
      renderCells={(row) => [
        <span key="n" style={privacyStyle(privacyMode)}>
          {row.Name}
        </span>,
        formatUtcDate(row.RegisteredOn),
      ]}
    />
  );
}

import { adminPath, formatUtcDate } from '@bo/contract';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { privacyStyle } from '../../../lib/format/privacy-style';
import { useAppStore } from '../../../lib/session/session.store';
import { useRecentRegistrations } from '../api/use-dashboard-data';
import { SideTableBox } from './side-table-box';

/** The newest merchants (SPEC §2.6), shown to view-users: each opens its User Detail. */
export function RecentRegistrationsBox() {
  const query = useRecentRegistrations(true);
  const privacyMode = useAppStore((s) => s.privacyMode);
  return (
    <SideTableBox
      title="New Registrations"
      action={
        <Anchor component={Link} to={adminPath('users')} fz="sm">
          All users
        </Anchor>
      }
      columns={['Name', 'Created On']}
      rows={query.data}
      isLoading={query.isPending}
      isError={query.isError}
      emptyText="No registration found"
      rowKey={(row) => row.ID}
      renderCells={(row) => [
        <Anchor
          key="n"
          component={Link}
          to={adminPath('user-detail', { id: row.ID })}
          fz="sm"
          style={privacyStyle(privacyMode)}
        >
          {row.Name}
        </Anchor>,
        formatUtcDate(row.RegisteredOn),
      ]}
    />
  );
}

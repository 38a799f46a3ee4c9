import { Grid, Group, Stack, Switch } from '@mantine/core';
import type { ReactNode } from 'react';
import { AfterFirstPaint } from '../../../components/ui/after-first-paint';
import { PageHeader } from '../../../components/ui/page-header';
import { useAppStore } from '../../../lib/session/session.store';
import { useHasPermission } from '../../../lib/session/use-permission';
import { usePrefetchSummary } from '../api/use-dashboard-data';
import { useF2Refresh, usePageWake } from '../hooks/use-dashboard-keys';
import { PendingKycBox } from './pending-kyc-box';
import { RecentRegistrationsBox } from './recent-registrations-box';
import { SummaryBoxes } from './summary-boxes';
import { SyncStatusBox } from './sync-status-box';
import { WelcomeCard } from './welcome-card';

function PrivacyToggle() {
  const privacyMode = useAppStore((s) => s.privacyMode);
  const setPrivacyMode = useAppStore((s) => s.setPrivacyMode);
  return (
    <Group gap="xs">
      <Switch
        label="Privacy Mode"
        checked={privacyMode}
        onChange={(e) => setPrivacyMode(e.currentTarget.checked)}
        onLabel="On"
        offLabel="Off"
        size="md"
      />
    </Group>
  );
}

export interface DashboardPageProps {
  /** The transactions table (SPEC §2.6 item 2), composed in by the app; shown with view-transactions. */
  transactions?: ReactNode;
  /** The Transaction Failure box (SPEC §2.6 item 4), shown with view-transactions. */
  failures?: ReactNode;
}

/** Dashboard of SPEC §2.6: the 24H boxes, the transactions table and side boxes each by their slug. */
export function DashboardPage({ transactions, failures }: DashboardPageProps) {
  const canSeeSummary = useHasPermission('admin-commander');
  const canSeeKyc = useHasPermission('kyc-commander');
  const canSeeRegistrations = useHasPermission('view-users');
  const canSeeTransactions = useHasPermission('view-transactions') && transactions !== undefined;
  const hasAnyBox = canSeeSummary || canSeeKyc || canSeeRegistrations || canSeeTransactions;
  usePrefetchSummary(canSeeSummary);
  useF2Refresh();
  usePageWake();

  return (
    <Stack gap="lg">
      <PageHeader
        title="Dashboard"
        description={canSeeSummary ? 'Figures for the last 24 hours, in EUR.' : undefined}
        actions={hasAnyBox ? <PrivacyToggle /> : null}
      />
      {canSeeSummary ? <SummaryBoxes /> : null}
      <AfterFirstPaint>
        {canSeeTransactions ? transactions : null}
        <Grid gap="md">
          {canSeeKyc ? (
            <Grid.Col span={{ base: 12, md: 6, xl: 4 }}>
              <PendingKycBox />
            </Grid.Col>
          ) : null}
          {canSeeRegistrations ? (
            <Grid.Col span={{ base: 12, md: 6, xl: 4 }}>
              <RecentRegistrationsBox />
            </Grid.Col>
          ) : null}
          <Grid.Col span={{ base: 12, md: 6, xl: 4 }}>
            <SyncStatusBox />
          </Grid.Col>
        </Grid>
        {canSeeTransactions && failures ? failures : null}
      </AfterFirstPaint>
      {hasAnyBox ? null : <WelcomeCard />}
    </Stack>
  );
}

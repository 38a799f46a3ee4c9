import {
  adminPath,
  formatUtcDate,
  KYC_HOLD_MS,
  KYC_IDENTITY_FIELDS,
  type KycCase,
  type KycDecision,
} from '@bo/contract';
import { Alert, Anchor, Badge, Button, Card, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { AuditTable } from '../../../components/ui/audit-table/audit-table';
import { type DefinitionItem, DefinitionList } from '../../../components/ui/definition-list/definition-list';
import { adminCall } from '../../../lib/api/admin-client';
import { isApiError } from '../../../lib/api/api-error';
import { handleApiError } from '../../../lib/api/error-handler';
import { queryKey } from '../../../lib/api/query-keys';
import { useAdminMutation } from '../../../lib/api/use-admin-mutation';
import { useAdminQuery } from '../../../lib/api/use-call-query';
import { useKycFeed } from '../../../lib/realtime/use-kyc-feed';
import { DecisionDialog } from './decision-dialog';
import { KycDocuments } from './kyc-documents';
import { KYC_STATUS_COLOR } from './kyc-status';

const ACTION_LABELS: Record<string, string> = {
  'kyc.approve': 'Approved',
  'kyc.reject': 'Rejected',
  'kyc.more-info': 'Asked for more information',
  'kyc.hold': 'Opened (held)',
};

/** 'IdentityDocumentNumber' → 'Identity document number'. */
const labelOf = (field: string): string => {
  const words = field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const shown = (value: string | null | undefined): ReactNode =>
  value ? (
    value
  ) : (
    <Text span c="dimmed" fz="sm">
      —
    </Text>
  );

/**
 * Holds a pending case for the officer who opened it and keeps the hold fresh while the page stays open;
 * leaving releases it. Another officer's hold is left alone: the server answers who holds it.
 */
function useCaseHold(id: number, isPending: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!isPending) return;
    let released = false;
    const hold = (release: boolean) =>
      adminCall('HoldKycCase', { ID: id, release }).then(
        () => client.invalidateQueries({ queryKey: queryKey('admin', 'KycCase', { ID: id }) }),
        (error: unknown) => {
          if (!release) handleApiError(error);
        },
      );
    void hold(false);
    // Refreshed at half the hold's length, so it never lapses while the case is on screen.
    const timer = setInterval(() => void hold(false), KYC_HOLD_MS / 2);
    return () => {
      clearInterval(timer);
      if (!released) {
        released = true;
        void hold(true);
      }
    };
  }, [id, isPending, client]);
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `kyc-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Card component="section" aria-labelledby={id} padding="md">
      <Title order={2} size="h5" mb="sm" id={id}>
        {title}
      </Title>
      {children}
    </Card>
  );
}

function HoldNotice({ kyc }: { kyc: KycCase }) {
  if (!kyc.Hold || kyc.Status !== 'pending') return null;
  if (kyc.Hold.IsMine)
    return (
      <Text size="sm" c="dimmed">
        <IconLock size={14} style={{ verticalAlign: 'text-bottom' }} /> You hold this case until{' '}
        {formatUtcDate(kyc.Hold.Until)} UTC; other officers see that you have it open.
      </Text>
    );
  return (
    <Alert color="yellow" icon={<IconLock size={18} />} title={`${kyc.Hold.Username} has this case open`}>
      Since {formatUtcDate(kyc.Hold.Since)} UTC. You can read it; the decision is theirs until they leave it
      or the hold lapses at {formatUtcDate(kyc.Hold.Until)} UTC.
    </Alert>
  );
}

function CaseView({ kyc }: { kyc: KycCase }) {
  const [decision, setDecision] = useState<KycDecision | null>(null);
  const client = useQueryClient();
  // The decision dialog shows refusals itself (the reason's field, or the server's message).
  const decide = useAdminMutation('DecideKyc', {
    invalidates: ['KycQueue', 'LatestKYC', 'KycCase'],
    handlesErrors: true,
    onSuccess: (updated) => client.setQueryData(queryKey('admin', 'KycCase', { ID: kyc.ID }), updated),
  });
  const heldByOther = kyc.Hold !== null && !kyc.Hold.IsMine;
  const canDecide = kyc.Status === 'pending' && !heldByOther;
  const identity: DefinitionItem[] = KYC_IDENTITY_FIELDS.map((field) => [
    labelOf(field),
    shown(kyc.Identity[field]),
  ]);
  const merchant: DefinitionItem[] = [
    [
      'Merchant',
      <Anchor key="m" component={Link} to={adminPath('user-detail', { id: String(kyc.Merchant.ID) })} fz="sm">
        {kyc.Merchant.ShopTitle} (ID {kyc.Merchant.ID})
      </Anchor>,
    ],
    ['E-mail', shown(kyc.Merchant.Email)],
    ['Country', shown(kyc.Merchant.Country)],
    [
      'KYC state on the record',
      <Badge key="k" variant="light" color={KYC_STATUS_COLOR[kyc.Merchant.KYCStatus]}>
        {kyc.Merchant.KYCStatus}
      </Badge>,
    ],
    ['Level', kyc.Level],
    ['Submitted on (UTC)', formatUtcDate(kyc.SubmittedOn)],
    ['Last updated on (UTC)', formatUtcDate(kyc.LastUpdatedOn)],
  ];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Anchor component={Link} to={adminPath('kyc')} fz="sm">
            <IconArrowLeft size={14} style={{ verticalAlign: 'text-bottom' }} /> KYC queue
          </Anchor>
          <Group gap="sm" align="center">
            <Title order={1} size="h3">
              KYC case #{kyc.ID}: {kyc.Merchant.ShopTitle}
            </Title>
            <Badge variant="light" color={KYC_STATUS_COLOR[kyc.Status]} size="lg">
              {kyc.Status}
            </Badge>
          </Group>
        </div>
        {kyc.Status === 'pending' ? (
          <Group gap="xs">
            <Button color="teal" disabled={!canDecide} onClick={() => setDecision('approve')}>
              Approve
            </Button>
            <Button color="red" variant="light" disabled={!canDecide} onClick={() => setDecision('reject')}>
              Reject
            </Button>
            <Button variant="default" disabled={!canDecide} onClick={() => setDecision('more-info')}>
              Request more information
            </Button>
          </Group>
        ) : null}
      </Group>
      <HoldNotice kyc={kyc} />
      {kyc.Decision ? (
        <Alert
          color={KYC_STATUS_COLOR[kyc.Status]}
          title={`${ACTION_LABELS[`kyc.${kyc.Decision.Decision}`] ?? kyc.Decision.Decision}${
            kyc.Decision.By ? ` by ${kyc.Decision.By}` : ''
          }${kyc.Decision.On ? ` on ${formatUtcDate(kyc.Decision.On)} UTC` : ''}`}
        >
          {kyc.Decision.Reason ?? 'No reason given.'}
        </Alert>
      ) : null}
      <Grid>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Section title="Submitted identity">
            <DefinitionList items={identity} label="Submitted identity" />
          </Section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            <Section title="Merchant">
              <DefinitionList items={merchant} label="Merchant" />
            </Section>
            <Section title="Documents">
              <KycDocuments documents={kyc.Documents} />
            </Section>
          </Stack>
        </Grid.Col>
      </Grid>
      <Section title="Audit trail">
        <AuditTable entries={kyc.Audit} actionLabels={ACTION_LABELS} label="Audit trail" />
      </Section>
      <DecisionDialog
        decision={decision}
        shopTitle={kyc.Merchant.ShopTitle}
        onClose={() => setDecision(null)}
        onSubmit={(Decision, Reason) =>
          decide.mutateAsync({ ID: kyc.ID, Decision, ...(Reason ? { Reason } : {}) })
        }
      />
    </Stack>
  );
}

/** One KYC case (`kyc/{id}`): what the merchant submitted, its documents, the decision and who holds it. */
export function KycCasePage({ id }: { id: number }) {
  useKycFeed(true);
  const query = useAdminQuery('KycCase', { ID: id });
  useCaseHold(id, query.data?.Status === 'pending');
  if (query.isPending) return <Skeleton h={400} aria-label="Loading the case" />;
  if (query.isError)
    return (
      <Alert color="red" title="Could not load this case">
        {isApiError(query.error) ? query.error.message : 'Try again in a moment.'}{' '}
        <Anchor component={Link} to={adminPath('kyc')}>
          Back to the queue
        </Anchor>
      </Alert>
    );
  return <CaseView kyc={query.data} />;
}

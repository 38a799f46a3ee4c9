import {
  ADMIN_CALLS,
  adminPath,
  BANK_RAILS,
  BANK_VERIFICATION_LABELS,
  type BankAccount,
  type BankVerificationStatus,
  bestNameMatch,
  holderMismatchMessage,
  type MerchantBankConfig,
  NAME_MATCH_THRESHOLD,
  PAYOUT_CURRENCIES,
  type PayoutHold,
} from '@bo/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { fieldIssues, useCallForm } from '../../../components/call-form/use-call-form';
import { UtcDateCell } from '../../../components/data-table/cells';
import { type Column, Dash, DataTable } from '../../../components/data-table/data-table';
import { DefinitionList } from '../../../components/ui/definition-list/definition-list';
import { PageHeader } from '../../../components/ui/page-header';
import { StepUpDialog, type StepUpProof } from '../../../components/ui/step-up-dialog';
import { useAdminMutation } from '../../../lib/api/use-admin-mutation';
import { useAdminQuery } from '../../../lib/api/use-call-query';

const STATUS_COLORS: Record<BankVerificationStatus, string> = {
  unverified: 'gray',
  'name-match': 'teal',
  'micro-deposit-pending': 'yellow',
  verified: 'green',
};
const RAIL_LABELS = { SEPA: 'SEPA', SWIFT: 'SWIFT', local: 'Local (via the payout provider)' } as const;
const utc = (iso: string) => `${iso.replace('T', ' ').slice(0, 16)} UTC`;
const percent = (score: number) => `${Math.round(score * 100)} %`;
/** An account number in monospace, or the empty mark (a definition list's value, keyed as a list item). */
const mono = (value: string | null | undefined) =>
  value ? (
    <Text key="mono" ff="monospace" fz="sm">
      {value}
    </Text>
  ) : (
    <Dash key="mono" />
  );

function VerificationBadge({ status }: { status: BankVerificationStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" tt="none">
      {BANK_VERIFICATION_LABELS[status]}
    </Badge>
  );
}

function ScoreBadge({ score }: { score: number }) {
  const good = score >= NAME_MATCH_THRESHOLD;
  return (
    <Badge color={good ? 'teal' : score >= 0.5 ? 'orange' : 'red'} variant="light" tt="none">
      Name match {percent(score)}
    </Badge>
  );
}

/** `config-merchants-bank/{id}`: where one merchant's fiat payouts go, and whether that account is theirs. */
export function MerchantBankPage() {
  const { id } = useParams();
  const merchantId = Number(id);
  if (!Number.isInteger(merchantId) || merchantId <= 0)
    return (
      <Alert color="red" title="Merchant Bank Config">
        No merchant found with ID {id}
      </Alert>
    );
  return <BankScreen key={merchantId} id={merchantId} />;
}

function BankScreen({ id }: { id: number }) {
  // The screen shows a refusal (404) itself, in place of the page: no toast besides.
  const query = useAdminQuery('GetMerchantBankConfig', { ID: id }, { meta: { handlesErrors: true } });
  if (query.error)
    return (
      <Alert color="red" title="Merchant Bank Config">
        {query.error.message}
      </Alert>
    );
  if (!query.data)
    return (
      <Stack>
        <Skeleton h={40} w={320} />
        <Skeleton h={200} />
        <Skeleton h={360} />
      </Stack>
    );
  return <BankConfig config={query.data} />;
}

function BankConfig({ config }: { config: MerchantBankConfig }) {
  const { Merchant: merchant, ActiveHold: hold } = config;
  const [releasing, setReleasing] = useState<PayoutHold | null>(null);
  return (
    <Stack gap="md" maw={1200}>
      <Anchor component={Link} to={adminPath('user-detail', { id: merchant.ID })} fz="sm">
        ← {merchant.ShopTitle}
      </Anchor>
      <PageHeader
        title="Merchant Bank Config"
        description={
          <>
            Where {merchant.ShopTitle} (ID {merchant.ID}) is paid out in fiat, and whether that account is
            verifiably theirs. New details need your step-up, pause bank payouts for 48 h and are mailed to
            the merchant.
          </>
        }
        actions={
          <Group gap="xs">
            <Badge variant="light" color={merchant.KycStatus === 'approved' ? 'green' : 'yellow'} tt="none">
              KYC {merchant.KycStatus}
            </Badge>
            <Badge variant="outline" color="gray" tt="none">
              Payout schema {merchant.PayoutSchema}
            </Badge>
          </Group>
        }
      />
      {hold ? (
        <Alert color="yellow" title="Bank payouts on hold" data-testid="active-hold">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text fz="sm">
              Until {utc(hold.Until)} · {hold.Reason} · set by {hold.CreatedBy}. Approved bank payouts wait
              and go out after the hold.
            </Text>
            <Button size="xs" variant="light" color="yellow" onClick={() => setReleasing(hold)}>
              Release early
            </Button>
          </Group>
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <CurrentAccount config={config} />
        <BankForm key={config.Current?.Version ?? 0} config={config} />
      </SimpleGrid>
      <History accounts={config.History} holds={config.Holds} />
      {releasing ? (
        <ReleaseDialog
          hold={releasing}
          merchantId={merchant.ID}
          method={config.StepUpWith}
          onClose={() => setReleasing(null)}
        />
      ) : null}
    </Stack>
  );
}

function CurrentAccount({ config }: { config: MerchantBankConfig }) {
  const a = config.Current;
  if (!a) {
    const r = config.OnRecord;
    return (
      <Card padding="md">
        <Title order={2} size="h5" mb="xs">
          Current account
        </Title>
        <Text fz="sm" c="dimmed" mb="sm">
          No bank details saved on this screen yet. The merchant record holds:
        </Text>
        <DefinitionList
          label="Bank details on the merchant record"
          items={[
            ['Account holder', r?.AccountHolder ?? <Dash />],
            ['IBAN', mono(r?.IBAN)],
            ['BIC', r?.BIC ?? <Dash />],
            ['Bank', r?.BankName ?? <Dash />],
            ['Country', r?.BankCountry ?? <Dash />],
            ['Verification', <VerificationBadge key="v" status="unverified" />],
          ]}
        />
      </Card>
    );
  }
  const address = [a.BankStreet, `${a.BankPostalCode} ${a.BankCity}`.trim(), a.BankCountry ?? '']
    .filter((l) => l !== '')
    .join(', ');
  return (
    <Card padding="md" data-testid="current-account">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5">
          Current account · v{a.Version}
        </Title>
        <VerificationBadge status={a.VerificationStatus} />
      </Group>
      <DefinitionList
        label="Current bank account"
        items={[
          [
            'Account holder',
            <Group key="h" gap="xs">
              <span>{a.AccountHolder}</span>
              <ScoreBadge score={a.NameMatchScore} />
            </Group>,
          ],
          ['KYC name compared', a.KycName ?? <Dash />],
          [
            'Ownership',
            a.OwnershipConfirmed ? 'Confirmed by staff despite a differing name' : 'Name matches KYC',
          ],
          ['Payout currency · rail', `${a.PayoutCurrency} · ${RAIL_LABELS[a.Rail]}`],
          ['IBAN', mono(a.IBAN)],
          [
            'Account number · routing',
            a.AccountNumber ? `${a.AccountNumber} · ${a.RoutingCode ?? ''}` : <Dash key="account" />,
          ],
          ['BIC', a.BIC ?? <Dash />],
          ['Bank', a.BankName || <Dash />],
          ['Bank address', address || <Dash />],
          ['Business account', a.BusinessAccount ? 'Yes' : 'No'],
          ['Set', `${utc(a.SetAt)} by ${a.SetBy}`],
        ]}
      />
    </Card>
  );
}

function BankForm({ config }: { config: MerchantBankConfig }) {
  const a = config.Current;
  const r = config.OnRecord;
  const initial = {
    MerchantID: config.Merchant.ID,
    PayoutCurrency: a?.PayoutCurrency ?? 'EUR',
    Rail: a?.Rail ?? 'SEPA',
    AccountHolder: a?.AccountHolder ?? r?.AccountHolder ?? '',
    IBAN: a?.IBAN ?? r?.IBAN ?? '',
    AccountNumber: a?.AccountNumber ?? '',
    RoutingCode: a?.RoutingCode ?? '',
    BIC: a?.BIC ?? r?.BIC ?? '',
    BankName: a?.BankName ?? r?.BankName ?? '',
    BankStreet: a?.BankStreet ?? '',
    BankPostalCode: a?.BankPostalCode ?? '',
    BankCity: a?.BankCity ?? '',
    BankCountry: a?.BankCountry ?? r?.BankCountry ?? '',
    BusinessAccount: a?.BusinessAccount ?? false,
    ConfirmOwnership: false,
    Note: '',
  };
  const { form } = useCallForm(ADMIN_CALLS.SaveMerchantBankAccount.params, initial);
  const [confirming, setConfirming] = useState(false);
  const save = useAdminMutation('SaveMerchantBankAccount', {
    invalidates: ['GetMerchantBankConfig'],
    success: (answer) =>
      answer.ActiveHold
        ? `Bank details saved as v${answer.Current?.Version}; bank payouts on hold until ${utc(answer.ActiveHold.Until)}`
        : `Bank details saved as v${answer.Current?.Version}`,
    handlesErrors: true,
  });
  const values = form.getValues();
  const holder = String(values.AccountHolder ?? '').trim();
  const match = holder ? bestNameMatch(holder, config.Merchant.KycNames) : null;
  const mismatch = match !== null && match.score < NAME_MATCH_THRESHOLD;
  const start = () => {
    if (form.validate().hasErrors) return;
    if (mismatch && !values.ConfirmOwnership) {
      form.setFieldError('ConfirmOwnership', 'Confirm ownership before saving');
      return;
    }
    setConfirming(true);
  };
  const send = async (proof: StepUpProof) => {
    try {
      await save.mutateAsync({ ...form.getValues(), ...proof });
      form.setFieldValue('ConfirmOwnership', false);
      form.resetDirty();
    } catch (error) {
      form.setErrors(fieldIssues(error));
      throw error;
    }
  };
  const rail = String(values.Rail);
  return (
    <Card padding="md">
      <Title order={2} size="h5" mb="xs">
        New bank details
      </Title>
      <form
        aria-label="New bank details"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          start();
        }}
      >
        <Stack gap="sm">
          <Group grow>
            <Select
              label="Payout currency"
              data={[...PAYOUT_CURRENCIES]}
              allowDeselect={false}
              {...form.getInputProps('PayoutCurrency')}
            />
            <Select
              label="Rail"
              data={BANK_RAILS.map((value) => ({ value, label: RAIL_LABELS[value] }))}
              allowDeselect={false}
              {...form.getInputProps('Rail')}
            />
          </Group>
          <TextInput
            label="Account holder"
            withAsterisk
            rightSectionWidth={150}
            rightSection={match ? <ScoreBadge score={match.score} /> : null}
            {...form.getInputProps('AccountHolder')}
          />
          {mismatch ? (
            <Alert color="orange" title="Name check" data-testid="name-warning">
              <Stack gap="xs">
                <Text fz="sm">
                  {match.kycName
                    ? holderMismatchMessage(holder, match.kycName)
                    : 'There is no KYC name to compare the account holder with. Confirm ownership before payouts'}
                </Text>
                <Checkbox
                  label="I confirmed with the merchant that this account is theirs"
                  {...form.getInputProps('ConfirmOwnership', { type: 'checkbox' })}
                />
              </Stack>
            </Alert>
          ) : null}
          <TextInput
            label="IBAN"
            withAsterisk={rail === 'SEPA'}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            autoComplete="off"
            {...form.getInputProps('IBAN')}
          />
          {rail === 'SEPA' ? null : (
            <Group grow>
              <TextInput
                label="Account number"
                description="When there is no IBAN"
                {...form.getInputProps('AccountNumber')}
              />
              <TextInput
                label="Routing code"
                description="Sort code, ABA or bank code"
                {...form.getInputProps('RoutingCode')}
              />
            </Group>
          )}
          <Group grow>
            <TextInput label="BIC" withAsterisk={rail === 'SWIFT'} {...form.getInputProps('BIC')} />
            <TextInput label="Bank name" {...form.getInputProps('BankName')} />
          </Group>
          <TextInput label="Bank street" {...form.getInputProps('BankStreet')} />
          <Group grow>
            <TextInput label="Postal code" {...form.getInputProps('BankPostalCode')} />
            <TextInput label="City" {...form.getInputProps('BankCity')} />
            <TextInput
              label="Country"
              placeholder="NL"
              maxLength={2}
              {...form.getInputProps('BankCountry')}
            />
          </Group>
          <Switch label="Business account" {...form.getInputProps('BusinessAccount', { type: 'checkbox' })} />
          <Textarea label="Note" autosize minRows={1} maxLength={500} {...form.getInputProps('Note')} />
          <Group justify="flex-end">
            <Button type="submit">Save bank details</Button>
          </Group>
        </Stack>
      </form>
      <StepUpDialog
        opened={confirming}
        title="Confirm new bank details"
        what="New bank details pause this merchant's bank payouts for 48 hours and are mailed to the merchant."
        method={config.StepUpWith}
        confirmLabel="Save bank details"
        onClose={() => setConfirming(false)}
        send={send}
      />
    </Card>
  );
}

const accountColumns: Column<BankAccount>[] = [
  {
    key: 'Version',
    header: 'Version',
    cell: (a) => `v${a.Version}${a.Current ? ' (current)' : ''}`,
    nowrap: true,
  },
  { key: 'AccountHolder', header: 'Account holder' },
  {
    key: 'IBAN',
    header: 'Account',
    cell: (a) => (
      <Text ff="monospace" fz="xs">
        {a.IBAN ?? a.AccountNumber ?? '—'}
      </Text>
    ),
  },
  { key: 'Rail', header: 'Currency · rail', cell: (a) => `${a.PayoutCurrency} · ${a.Rail}`, nowrap: true },
  {
    key: 'VerificationStatus',
    header: 'Verification',
    nowrap: true,
    cell: (a) => <VerificationBadge status={a.VerificationStatus} />,
  },
  { key: 'NameMatchScore', header: 'Name match', align: 'right', cell: (a) => percent(a.NameMatchScore) },
  { key: 'SetBy', header: 'Set by' },
  { key: 'SetAt', header: 'Set at', cell: (a) => <UtcDateCell value={a.SetAt} /> },
];

const holdColumns: Column<PayoutHold>[] = [
  {
    key: 'Active',
    header: 'State',
    nowrap: true,
    cell: (h) => (
      <Badge color={h.Active ? 'yellow' : 'gray'} variant="light" tt="none">
        {h.Active ? 'holding' : h.ReleasedAt ? 'released' : 'ended'}
      </Badge>
    ),
  },
  { key: 'Reason', header: 'Reason' },
  { key: 'From', header: 'From', cell: (h) => <UtcDateCell value={h.From} /> },
  { key: 'Until', header: 'Until', cell: (h) => <UtcDateCell value={h.Until} /> },
  {
    key: 'ReleasedBy',
    header: 'Released',
    cell: (h) => (h.ReleasedBy ? `${h.ReleasedBy}: ${h.ReleaseReason ?? ''}` : <Dash />),
  },
];

function History({ accounts, holds }: { accounts: BankAccount[]; holds: PayoutHold[] }) {
  return (
    <Stack gap="md">
      <Card padding="md">
        <Title order={2} size="h5" mb="xs">
          History
        </Title>
        <DataTable
          label="Bank account versions"
          columns={accountColumns}
          rows={accounts}
          rowKey={(a) => a.ID}
          empty="No bank details saved on this screen yet"
        />
      </Card>
      <Card padding="md">
        <Title order={2} size="h5" mb="xs">
          Payout holds
        </Title>
        <DataTable
          label="Payout holds"
          columns={holdColumns}
          rows={holds}
          rowKey={(h) => h.ID}
          empty="No payout hold"
        />
      </Card>
    </Stack>
  );
}

function ReleaseDialog({
  hold,
  merchantId,
  method,
  onClose,
}: {
  hold: PayoutHold;
  merchantId: number;
  method: 'totp' | 'password';
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [asking, setAsking] = useState(false);
  const release = useAdminMutation('ReleasePayoutHold', {
    invalidates: ['GetMerchantBankConfig'],
    success: 'Payout hold released',
    handlesErrors: true,
  });
  return (
    <>
      <Modal opened={!asking} onClose={onClose} title="Release payout hold" centered>
        <Stack gap="sm">
          <Text fz="sm">
            {hold.Reason}, until {utc(hold.Until)}. Bank payouts of merchant {merchantId} go out again at
            once.
          </Text>
          <Textarea
            label="Reason"
            description="Kept in the audit log"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Not now
            </Button>
            <Button color="yellow" disabled={reason.trim() === ''} onClick={() => setAsking(true)}>
              Release
            </Button>
          </Group>
        </Stack>
      </Modal>
      <StepUpDialog
        opened={asking}
        title="Confirm the release"
        what="Releasing the hold lets bank payouts go to the new account now."
        method={method}
        confirmLabel="Release hold"
        onClose={onClose}
        send={(proof) => release.mutateAsync({ ID: hold.ID, Reason: reason, ...proof })}
      />
    </>
  );
}

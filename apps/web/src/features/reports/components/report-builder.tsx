import {
  ADMIN_CALLS,
  GOAML_FIELD_LABELS,
  GOAML_INDICATORS,
  GOAML_REPORT_CODE_LABELS,
  GOAML_REPORT_CODES,
  type GoamlCandidate,
  type GoamlField,
  type GoamlReportDetail,
  type GoamlReportInput,
  type GoamlSettings,
  type GoamlValidation,
  type GoamlValidationError,
} from '@bo/contract';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Code,
  Collapse,
  Group,
  List,
  MultiSelect,
  ScrollArea,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useCallForm } from '../../../components/call-form/use-call-form';
import { MoneyCell, StatusBadge, UtcDateCell } from '../../../components/data-table/cells';
import { type Column, DataTable } from '../../../components/data-table/data-table';
import { DateRangeFilter, utcToday } from '../../../components/date-range-filter/date-range-filter';
import { ScreenHeader } from '../../../components/list-screen/list-screen';
import { SearchField } from '../../../components/list-screen/search-field';
import { openConfirm } from '../../../components/ui/confirm';
import { isApiError } from '../../../lib/api/api-error';
import { handleApiError } from '../../../lib/api/error-handler';
import { useAdminMutation } from '../../../lib/api/use-admin-mutation';
import { useAdminQuery } from '../../../lib/api/use-call-query';

const DAY_MS = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY_MS).toISOString().slice(0, 10);

const candidateColumns: Column<GoamlCandidate>[] = [
  {
    key: 'Ref',
    header: 'Transaction',
    nowrap: true,
    cell: (r) => (
      <Text span ff="monospace" fz="sm">
        {r.Ref}
      </Text>
    ),
  },
  { key: 'Status', header: 'Status', nowrap: true, cell: (r) => <StatusBadge status={r.Status} /> },
  {
    key: 'Amount',
    header: 'Amount',
    align: 'right',
    cell: (r) => <MoneyCell value={r.Amount} unit={r.Coin} />,
  },
  { key: 'VolumeEur', header: 'EUR', align: 'right', nowrap: true },
  {
    key: 'CreatedOn',
    header: 'Created (UTC)',
    nowrap: true,
    cell: (r) => <UtcDateCell value={r.CreatedOn} withZone={false} />,
  },
];

/** The XSD's errors as the form shows them: one message per field, the first one. */
const fieldErrorsOf = (errors: readonly GoamlValidationError[]): Partial<Record<GoamlField, string>> => {
  const out: Partial<Record<GoamlField, string>> = {};
  for (const e of errors) if (e.Field) out[e.Field] ??= e.Message;
  return out;
};

function ValidationPanel({
  result,
  schemaName,
}: {
  result: Pick<GoamlValidation, 'Valid' | 'Errors'> | null;
  schemaName: string;
}) {
  const [showRaw, setShowRaw] = useState(false);
  if (!result) return null;
  if (result.Valid)
    return (
      <Alert color="green" title="The report validates" role="status">
        It passes the goAML schema ({schemaName}) and can be generated.
      </Alert>
    );
  return (
    <Alert color="red" title="The report does not validate against the goAML schema" role="alert">
      <Stack gap="xs">
        <List size="sm" spacing={2}>
          {result.Errors.map((e, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same field may fail twice with one message
            <List.Item key={i}>
              <Text span fw={600} fz="sm">
                {e.Label}:
              </Text>{' '}
              {e.Message}
            </List.Item>
          ))}
        </List>
        <Anchor component="button" type="button" fz="sm" onClick={() => setShowRaw((v) => !v)}>
          {showRaw ? 'Hide' : 'Show'} the XSD's own messages
        </Anchor>
        <Collapse expanded={showRaw}>
          <Code block aria-label="XSD messages">
            {result.Errors.map((e) => e.Raw).join('\n')}
          </Code>
        </Collapse>
      </Stack>
    </Alert>
  );
}

function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <Card component="section" padding="md" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h5">
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Card>
  );
}

interface BuilderFormProps {
  draft: GoamlReportDetail | null;
  settings: GoamlSettings;
  onClose: () => void;
  onSavedDraft: (id: number) => void;
  onGenerated: (id: number) => void;
}

function BuilderForm({ draft, settings, onClose, onSavedDraft, onGenerated }: BuilderFormProps) {
  const initial: GoamlReportInput = draft
    ? { ...draft.Input }
    : {
        ReportCode: 'STR',
        MerchantID: 0,
        TransactionRefs: [],
        SubmissionCode: 'E',
        EntityReference: '',
        Reason: '',
        Action: '',
        Indicators: [],
        ...settings.Defaults,
      };
  const { form, showServerErrors } = useCallForm(ADMIN_CALLS.SaveGoamlDraft.params, initial);
  const [range, setRange] = useState<{ from: string | null; to: string | null }>({
    from: daysAgo(90),
    to: utcToday(),
  });
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<Pick<GoamlValidation, 'Valid' | 'Errors'> | null>(
    draft && draft.Errors.length > 0 ? { Valid: false, Errors: draft.Errors } : null,
  );
  const [xml, setXml] = useState<string | null>(null);
  const [draftId, setDraftId] = useState<number | undefined>(draft?.ID);

  const values = form.getValues();
  const merchantId = Number(values.MerchantID) || 0;
  const merchants = useAdminQuery(
    'MerchantsListDash',
    { startDate: range.from ?? daysAgo(90), endDate: range.to ?? utcToday() },
    { staleTime: 60_000 },
  );
  const merchantOptions = [
    ...(draft && !(merchants.data ?? []).some((m) => m.ID === draft.MerchantID)
      ? [{ value: String(draft.MerchantID), label: `${draft.ShopTitle} (#${draft.MerchantID})` }]
      : []),
    ...[...(merchants.data ?? [])]
      .sort((a, b) => a.ShopTitle.localeCompare(b.ShopTitle))
      .map((m) => ({ value: String(m.ID), label: `${m.ShopTitle} (#${m.ID})` })),
  ];
  const candidates = useAdminQuery(
    'GoamlCandidates',
    { merchantId, from: range.from ?? undefined, to: range.to ?? undefined, keyword, page },
    { enabled: merchantId > 0, placeholderData: keepPreviousData },
  );
  const selected = values.TransactionRefs as string[];
  const pageKeys = new Set((candidates.data?.records ?? []).map((r) => r.Ref));

  /** What the server said: the XSD's errors go on their fields and into the panel; the XML is the preview. */
  const show = (answer: Pick<GoamlValidation, 'Valid' | 'Errors'> & { Xml?: string | null }) => {
    setResult(answer);
    if (answer.Xml) setXml(answer.Xml);
    form.clearErrors();
    form.setErrors(fieldErrorsOf(answer.Errors));
  };
  const refused = (error: unknown) => {
    const errors = isApiError(error)
      ? (error.data as { Errors?: GoamlValidationError[] } | null)?.Errors
      : undefined;
    if (errors) show({ Valid: false, Errors: errors });
    // A refusal no field can show (a report made final meanwhile, a lost connection) gets the usual toast.
    else if (!showServerErrors(error)) handleApiError(error);
  };

  const validate = useAdminMutation('ValidateGoamlReport', {
    handlesErrors: true,
    onSuccess: (data) => show(data),
  });
  const save = useAdminMutation('SaveGoamlDraft', {
    invalidates: ['ListGoamlReports', 'GoamlReportDetail'],
    success: 'Draft saved',
    handlesErrors: true,
    onSuccess: (data) => {
      setDraftId(data.ID);
      show({ Valid: data.Errors.length === 0, Errors: data.Errors });
      onSavedDraft(data.ID);
    },
  });
  const generate = useAdminMutation('GenerateGoamlReport', {
    invalidates: ['ListGoamlReports', 'GoamlReportDetail', 'GoamlSettings'],
    success: (data) => `Report ${data.ID} generated`,
    handlesErrors: true,
    onSuccess: (data) => onGenerated(data.ID),
  });

  const run = (action: 'validate' | 'save' | 'generate') => {
    const checked = form.validate();
    if (checked.hasErrors) return;
    const params = { ...form.getValues(), ID: draftId };
    if (action === 'validate') validate.mutate(params, { onError: refused });
    if (action === 'save') save.mutate(params, { onError: refused });
    if (action === 'generate') generate.mutate(params, { onError: refused });
  };
  const remove = useAdminMutation('DeleteGoamlDraft', {
    invalidates: ['ListGoamlReports'],
    success: (data) => `Draft ${data.ID} deleted`,
    onSuccess: onClose,
  });
  const confirmDelete = (id: number) =>
    openConfirm({
      title: 'Delete this draft',
      message: `Delete draft ${id} with what was typed and the transactions chosen? Generated reports are not affected: they are kept.`,
      confirmLabel: 'Delete draft',
      isDanger: true,
      onConfirm: () => remove.mutate({ ID: id }),
    });
  const busy = validate.isPending || save.isPending || generate.isPending || remove.isPending;
  const label = (field: GoamlField) => GOAML_FIELD_LABELS[field];
  const text = (field: GoamlField, props: { required?: boolean; placeholder?: string } = {}) => (
    <TextInput
      label={label(field)}
      withAsterisk={props.required}
      placeholder={props.placeholder}
      {...form.getInputProps(field)}
    />
  );
  const transactionsError = form.errors.TransactionRefs;

  return (
    <Stack gap="lg">
      <ScreenHeader
        title={draftId ? `goAML report ${draftId} (draft)` : 'New goAML report'}
        description="Choose the type and the merchant, select the transactions, fill the reporting entity and the reason, then validate against the goAML schema and generate the file."
        actions={
          <Button variant="default" onClick={onClose}>
            Back to the list
          </Button>
        }
      />
      {settings.Schema.Source === 'built-in' ? (
        <Alert color="yellow" title="Validated against a structural subset of goAML">
          The built-in schema follows goAML's published structure for the elements this report carries. Before
          filing, an operator sets GOAML_XSD_PATH to your FIU's own goAMLSchema.xsd; reports are then
          validated against it.
        </Alert>
      ) : (
        <Alert color="blue">Validated against your FIU's schema: {settings.Schema.Name}.</Alert>
      )}
      <Section title="Report">
        <Stack gap="sm">
          <div>
            <Text fz="sm" fw={500} mb={4}>
              {label('ReportCode')}
            </Text>
            <SegmentedControl
              aria-label={label('ReportCode')}
              data={GOAML_REPORT_CODES.map((c) => ({ value: c, label: GOAML_REPORT_CODE_LABELS[c] }))}
              {...form.getInputProps('ReportCode')}
            />
          </div>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label={label('MerchantID')}
              placeholder="Merchants with transactions in the range"
              searchable
              withAsterisk
              data={merchantOptions}
              value={merchantId > 0 ? String(merchantId) : null}
              onChange={(value) => {
                form.setFieldValue('MerchantID', Number(value) || 0);
                // Another merchant's transactions never belong in this report.
                form.setFieldValue('TransactionRefs', []);
                setPage(1);
              }}
              error={form.errors.MerchantID}
              w={340}
            />
            <DateRangeFilter
              fromLabel="Transactions from"
              toLabel="To"
              from={range.from}
              to={range.to}
              onChange={(next) => {
                setRange(next);
                setPage(1);
              }}
            />
          </Group>
        </Stack>
      </Section>

      <Section
        title="Transactions"
        actions={
          <Text fz="sm" c={selected.length > 0 ? undefined : 'dimmed'} aria-live="polite">
            {selected.length} selected
          </Text>
        }
      >
        {merchantId > 0 ? (
          <Stack gap="sm">
            <SearchField
              placeholder="T000000123"
              value={keyword}
              onChange={(next) => {
                setKeyword(next);
                setPage(1);
              }}
            />
            <DataTable
              label="Transactions of the merchant"
              columns={candidateColumns}
              rowKey={(r) => r.Ref}
              rows={candidates.error ? undefined : candidates.data?.records}
              isLoading={candidates.isPending || candidates.isFetching}
              error={candidates.error}
              onRetry={() => void candidates.refetch()}
              empty="No transaction of this merchant in the range"
              selection={{
                selected,
                onChange: (next) => {
                  const kept = selected.filter((k) => !pageKeys.has(k));
                  const onPage = next.map(String).filter((k) => pageKeys.has(k));
                  form.setFieldValue('TransactionRefs', [...kept, ...onPage]);
                },
              }}
              paging={
                candidates.data
                  ? {
                      page: candidates.data.meta.page,
                      size: candidates.data.meta.limit,
                      total: candidates.data.meta.total,
                      onPage: setPage,
                    }
                  : undefined
              }
            />
            {selected.length > 0 ? (
              <Text fz="xs" c="dimmed">
                Selected: {selected.join(', ')}
              </Text>
            ) : null}
          </Stack>
        ) : (
          <Text c="dimmed" fz="sm">
            Pick a merchant to list its transactions.
          </Text>
        )}
        {transactionsError ? (
          <Text c="red" fz="sm" mt="xs" role="alert">
            {transactionsError}
          </Text>
        ) : null}
      </Section>

      <Section title="Reporting entity">
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
          {text('RentityID', { required: true, placeholder: 'The id your FIU gave you' })}
          {text('RentityName')}
          {text('RentityBranch')}
          <Select
            label={label('SubmissionCode')}
            data={[
              { value: 'E', label: 'E: electronic' },
              { value: 'M', label: 'M: manual' },
            ]}
            allowDeselect={false}
            {...form.getInputProps('SubmissionCode')}
          />
          {text('EntityReference', { placeholder: 'Your case number' })}
        </SimpleGrid>
        <Title order={3} size="h6" mt="md" mb="xs">
          Reporting person
        </Title>
        <SimpleGrid cols={{ base: 1, md: 4 }} spacing="sm">
          {text('ReportingFirstName', { required: true })}
          {text('ReportingLastName', { required: true })}
          {text('ReportingEmail', { required: true })}
          {text('ReportingOccupation')}
        </SimpleGrid>
        <Title order={3} size="h6" mt="md" mb="xs">
          Location
        </Title>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
          {text('LocationAddress', { required: true })}
          {text('LocationCity', { required: true })}
          {text('LocationCountry', { required: true, placeholder: 'AT' })}
        </SimpleGrid>
      </Section>

      <Section title="Reason and action">
        <Stack gap="sm">
          <Textarea label={label('Reason')} withAsterisk rows={4} {...form.getInputProps('Reason')} />
          <Textarea label={label('Action')} withAsterisk rows={3} {...form.getInputProps('Action')} />
          <MultiSelect
            label={label('Indicators')}
            withAsterisk
            placeholder="At least one"
            data={GOAML_INDICATORS.map((i) => ({ value: i.code, label: `${i.code}: ${i.label}` }))}
            {...form.getInputProps('Indicators')}
          />
        </Stack>
      </Section>

      <ValidationPanel result={result} schemaName={settings.Schema.Name} />
      <Group gap="sm">
        <Button variant="default" onClick={() => run('save')} loading={save.isPending} disabled={busy}>
          Save draft
        </Button>
        <Button variant="light" onClick={() => run('validate')} loading={validate.isPending} disabled={busy}>
          Validate and preview
        </Button>
        <Button onClick={() => run('generate')} loading={generate.isPending} disabled={busy}>
          Generate report
        </Button>
        {draftId !== undefined && (
          // Only a draft is offered this: a generated report is final and the server refuses its delete.
          <Button
            variant="subtle"
            color="red"
            ml="auto"
            onClick={() => confirmDelete(draftId)}
            loading={remove.isPending}
            disabled={busy}
          >
            Delete draft
          </Button>
        )}
      </Group>
      {xml ? (
        <Section title="XML preview">
          <ScrollArea.Autosize mah={420} type="auto">
            <Code block aria-label="XML preview">
              {xml}
            </Code>
          </ScrollArea.Autosize>
        </Section>
      ) : null}
    </Stack>
  );
}

/** The report builder: a new report, or a draft by id, with the entity defaults from the server. */
export function ReportBuilder({
  draftId,
  ...props
}: Omit<BuilderFormProps, 'draft' | 'settings'> & { draftId: number | null }) {
  const settings = useAdminQuery('GoamlSettings', {}, { staleTime: 60_000 });
  const draft = useAdminQuery('GoamlReportDetail', { ID: draftId ?? 0 }, { enabled: draftId !== null });
  if (settings.error || draft.error)
    return (
      <Alert color="red">The report could not be loaded. {draft.error ? 'It may not exist.' : ''}</Alert>
    );
  if (!settings.data || (draftId !== null && !draft.data)) return <Skeleton h={400} />;
  if (draft.data && draft.data.Status === 'final')
    return <Alert color="blue">Report {draft.data.ID} is generated and final; open it from the list.</Alert>;
  return <BuilderForm draft={draft.data ?? null} settings={settings.data} {...props} />;
}

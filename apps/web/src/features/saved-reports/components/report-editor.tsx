import {
  detectReportParams,
  REPORT_MAX_ROWS,
  REPORT_MESSAGES,
  REPORT_OUTPUTS,
  REPORT_PARAM_TYPES,
  REPORT_PREVIEW_ROWS,
  REPORT_STATUS_LABELS,
  type ReportOutput,
  type ReportParam,
  type ReportParamType,
  type ReportResult,
  type SavedReportDetail,
} from '@bo/contract';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Divider,
  Group,
  Paper,
  ScrollArea,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { LayeredDrawer } from '../../../components/ui/layered-drawer';
import { isApiError } from '../../../lib/api/api-error';
import { saveFile } from '../../../lib/api/export-list';
import { useAdminMutation } from '../../../lib/api/use-admin-mutation';
import { useAdminQuery } from '../../../lib/api/use-call-query';
import { notifyError } from '../../../lib/notify';

const OUTPUT_LABELS: Record<ReportOutput, string> = { table: 'Table', csv: 'CSV', email: 'E-mail' };
const TYPE_LABELS: Record<ReportParamType, string> = {
  text: 'Text',
  number: 'Number',
  date: 'Date (YYYY-MM-DD)',
  merchant: 'Merchant id',
  coin: 'Coin id',
};
const monospace = { input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } };

type Defs = Record<string, Omit<ReportParam, 'Name'>>;
type Errors = Record<string, string>;
type Shown = { kind: 'preview' | 'run'; result: ReportResult } | null;

const issuesOf = (error: unknown): Errors => {
  if (!isApiError(error)) return {};
  const data = error.data as { issues?: { path?: string; message: string }[] } | null;
  const out: Errors = {};
  for (const issue of data?.issues ?? []) {
    const key = String(issue.path ?? '').split('.')[0] ?? '';
    if (key && !out[key]) out[key] = issue.message;
  }
  return out;
};

/** The editor of one saved report (or a new one): SQL, detected parameters, schedule, output and the actions. */
export function ReportEditorDrawer({
  opened,
  id,
  onSaved,
  onClose,
}: {
  opened: boolean;
  id: number | null;
  onSaved: (id: number) => void;
  onClose: () => void;
}) {
  const detail = useAdminQuery('GetSavedReport', { ID: id ?? 0 }, { enabled: opened && id !== null });
  const report = detail.data;
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [sqlText, setSqlText] = useState('');
  const [schedule, setSchedule] = useState('');
  const [output, setOutput] = useState<ReportOutput>('table');
  const [recipients, setRecipients] = useState<string[]>([]);
  const [defs, setDefs] = useState<Defs>({});
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Errors>({});
  const [shown, setShown] = useState<Shown>(null);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const loaded = useRef<number | null>(null);

  // The saved report fills the editor once; later answers (after a save) keep what is typed.
  useEffect(() => {
    if (!report || loaded.current === report.Report.ID) return;
    loaded.current = report.Report.ID;
    const v = report.Latest;
    setName(report.Report.Name);
    setDescription(report.Report.Description);
    setSqlText(v.SQL);
    setSchedule(v.Schedule ?? '');
    setOutput(v.Output);
    setRecipients(v.Recipients);
    setDefs(Object.fromEntries(v.Params.map(({ Name, ...rest }) => [Name, rest])));
  }, [report]);

  const names = detectReportParams(sqlText);
  const paramList: ReportParam[] = names.map((n) => ({
    Name: n,
    ...(defs[n] ?? { Type: 'text', Required: true, Default: '' }),
  }));
  const setDef = (n: string, change: Partial<Omit<ReportParam, 'Name'>>) =>
    setDefs((d) => ({
      ...d,
      [n]: { ...(d[n] ?? { Type: 'text', Required: true, Default: '' }), ...change },
    }));

  const refused = (error: unknown) => {
    const found = issuesOf(error);
    setErrors(found);
    if (Object.keys(found).length === 0) notifyError(isApiError(error) ? error.message : 'The call failed');
  };
  const invalidates = ['ListSavedReports', 'GetSavedReport'] as const;
  const save = useAdminMutation('SaveReportDraft', {
    invalidates,
    handlesErrors: true,
    success: (d) => `${d.Report.Name}: v${d.Latest.Version} saved as a draft`,
  });
  const preview = useAdminMutation('PreviewReport', { invalidates, handlesErrors: true });
  const submit = useAdminMutation('SubmitReport', {
    invalidates,
    handlesErrors: true,
    success: 'Sent for approval',
  });
  const approve = useAdminMutation('ApproveReport', {
    invalidates,
    handlesErrors: true,
    success: 'Approved',
  });
  const reject = useAdminMutation('RejectReport', { invalidates, handlesErrors: true, success: 'Rejected' });
  const runNow = useAdminMutation('RunReportNow', { invalidates, handlesErrors: true });
  const download = useAdminMutation('DownloadReportCsv', { invalidates, handlesErrors: true });
  const enable = useAdminMutation('SetReportEnabled', {
    invalidates,
    handlesErrors: true,
    success: (d) =>
      d.Report.Status === 'disabled' ? `${d.Report.Name} is disabled` : `${d.Report.Name} is enabled`,
  });

  const act = async <T,>(run: () => Promise<T>): Promise<T | undefined> => {
    setErrors({});
    try {
      return await run();
    } catch (error) {
      refused(error);
      return undefined;
    }
  };
  const onSave = () =>
    act(async () => {
      const d = await save.mutateAsync({
        ...(id ? { ID: id } : {}),
        Name: name,
        Description: description,
        SQL: sqlText,
        Params: paramList,
        Schedule: schedule,
        Output: output,
        Recipients: recipients,
      });
      if (!id) onSaved(d.Report.ID);
    });
  const onPreview = () =>
    act(async () => {
      const result = await preview.mutateAsync({
        ...(id ? { ID: id } : {}),
        SQL: sqlText,
        Params: paramList,
        Values: values,
      });
      setShown({ kind: 'preview', result });
    });
  const onRun = () =>
    act(async () => {
      if (!id) return;
      setShown({ kind: 'run', result: await runNow.mutateAsync({ ID: id, Values: values }) });
    });
  const onDownload = () =>
    act(async () => {
      if (!id) return;
      const file = await download.mutateAsync({ ID: id, Values: values });
      saveFile(new Blob([file.Csv], { type: 'text/csv' }), file.FileName);
    });

  const latest = report?.Latest;
  const approved = report?.Approved;
  const disabled = report?.Report.Status === 'disabled';
  const title = id ? (report?.Report.Name ?? 'Saved report') : 'New report';

  return (
    <LayeredDrawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={1180}
      title={<Title order={3}>{title}</Title>}
    >
      <Stack gap="md">
        {report && <VersionLine detail={report} />}
        <SimpleGrid
          cols={{ base: 1, md: 2 }}
          spacing="md"
          style={{ gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)' }}
        >
          <Stack gap="sm">
            <TextInput
              label="Name"
              withAsterisk
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errors.Name}
              maxLength={80}
            />
            <TextInput
              label="Description"
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
              error={errors.Description}
            />
            <Textarea
              label="SQL"
              description="One SELECT (WITH allowed). Parameters as {{name}}; they are bound, never pasted into the SQL."
              withAsterisk
              autosize
              minRows={10}
              maxRows={24}
              spellCheck={false}
              styles={monospace}
              value={sqlText}
              onChange={(e) => setSqlText(e.currentTarget.value)}
              error={errors.SQL ? true : undefined}
            />
            {errors.SQL && (
              <Alert color="red" variant="light" role="alert" title="Refused">
                {errors.SQL}
              </Alert>
            )}
          </Stack>
          <Stack gap="sm">
            <Paper withBorder p="sm" radius="md">
              <Stack gap="xs">
                <Text fw={600} fz="sm">
                  Parameters
                </Text>
                {paramList.length === 0 && (
                  <Text fz="xs" c="dimmed">
                    Write {'{{name}}'} in the SQL to add a parameter.
                  </Text>
                )}
                {paramList.map((p) => (
                  <Stack key={p.Name} gap={4}>
                    <Group justify="space-between" wrap="nowrap">
                      <Text fz="sm" ff="monospace">{`{{${p.Name}}}`}</Text>
                      <Checkbox
                        size="xs"
                        label="Required"
                        checked={p.Required}
                        onChange={(e) => setDef(p.Name, { Required: e.currentTarget.checked })}
                      />
                    </Group>
                    <Group grow gap="xs" wrap="nowrap">
                      <Select
                        size="xs"
                        aria-label={`Type of ${p.Name}`}
                        data={REPORT_PARAM_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
                        value={p.Type}
                        allowDeselect={false}
                        onChange={(v) => v && setDef(p.Name, { Type: v as ReportParamType })}
                      />
                      <TextInput
                        size="xs"
                        aria-label={`Default of ${p.Name}`}
                        placeholder="Default"
                        value={p.Default}
                        onChange={(e) => setDef(p.Name, { Default: e.currentTarget.value })}
                      />
                    </Group>
                    <TextInput
                      size="xs"
                      label={`Value for this run`}
                      aria-label={`Value of ${p.Name}`}
                      placeholder={p.Default || (p.Required ? 'Required' : 'Empty: NULL')}
                      value={values[p.Name] ?? ''}
                      onChange={(e) => {
                        const next = e.currentTarget.value;
                        setValues((v) => ({ ...v, [p.Name]: next }));
                      }}
                    />
                  </Stack>
                ))}
                {errors.Values && (
                  <Text fz="xs" c="red" role="alert">
                    {errors.Values}
                  </Text>
                )}
              </Stack>
            </Paper>
            <TextInput
              label="Schedule (cron, Europe/Amsterdam)"
              description="Empty: on demand only. Runs once approved."
              placeholder="0 6 * * *"
              styles={monospace}
              value={schedule}
              onChange={(e) => setSchedule(e.currentTarget.value)}
              error={errors.Schedule}
            />
            <Stack gap={4}>
              <Text fz="sm" fw={500}>
                Output
              </Text>
              <SegmentedControl
                aria-label="Output"
                value={output}
                onChange={(v) => setOutput(v as ReportOutput)}
                data={REPORT_OUTPUTS.map((o) => ({ value: o, label: OUTPUT_LABELS[o] }))}
              />
            </Stack>
            <TagsInput
              label="Recipients"
              description="Staff e-mail addresses; a scheduled run mails them the CSV."
              value={recipients}
              onChange={setRecipients}
              error={errors.Recipients}
              clearable
            />
          </Stack>
        </SimpleGrid>

        <Group gap="xs">
          <Button onClick={onSave} loading={save.isPending}>
            Save draft
          </Button>
          <Button variant="light" onClick={onPreview} loading={preview.isPending}>
            Run preview
          </Button>
          {id && latest?.Status === 'draft' && (
            <Button
              variant="light"
              onClick={() => act(() => submit.mutateAsync({ ID: id }))}
              loading={submit.isPending}
            >
              Submit for approval
            </Button>
          )}
          {id && latest?.Status === 'pending_approval' && (
            <>
              <Button
                color="green"
                onClick={() => act(() => approve.mutateAsync({ ID: id }))}
                loading={approve.isPending}
              >
                Approve v{latest.Version}
              </Button>
              <Button color="red" variant="light" onClick={() => setRejecting((r) => !r)}>
                Reject
              </Button>
            </>
          )}
          <Divider orientation="vertical" />
          <Button
            variant="default"
            disabled={!id || !approved || disabled}
            onClick={onRun}
            loading={runNow.isPending}
          >
            Run now
          </Button>
          <Button
            variant="default"
            disabled={!id || !approved || disabled}
            onClick={onDownload}
            loading={download.isPending}
          >
            Download CSV
          </Button>
          {id && (
            <Button
              variant="subtle"
              color={disabled ? 'blue' : 'orange'}
              onClick={() => act(() => enable.mutateAsync({ ID: id, Enabled: disabled }))}
              loading={enable.isPending}
            >
              {disabled ? 'Enable' : 'Disable'}
            </Button>
          )}
        </Group>
        {rejecting && id && (
          <Group align="flex-end" gap="xs">
            <TextInput
              label="Why reject? Kept in the audit log"
              style={{ flex: 1 }}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              error={errors.Reason}
            />
            <Button
              color="red"
              loading={reject.isPending}
              onClick={() =>
                act(async () => {
                  await reject.mutateAsync({ ID: id, Reason: reason });
                  setRejecting(false);
                })
              }
            >
              Reject v{latest?.Version}
            </Button>
          </Group>
        )}
        {shown && <ResultTable shown={shown} />}
        {report && report.Runs.length > 0 && <RunHistory detail={report} />}
      </Stack>
    </LayeredDrawer>
  );
}

function VersionLine({ detail }: { detail: SavedReportDetail }) {
  const { Latest: v, Approved: a, Report: r } = detail;
  return (
    <Group gap="xs">
      <Badge variant="light" tt="none">
        {REPORT_STATUS_LABELS[r.Status]}
      </Badge>
      <Text fz="sm" c="dimmed">
        v{v.Version} by {v.Author}
        {v.Status === 'rejected' && v.RejectReason ? ` · rejected by ${v.Approver}: ${v.RejectReason}` : ''}
        {a
          ? ` · runs v${a.Version}, approved by ${a.Approver}`
          : ' · not approved yet: it runs only once another administrator approves it'}
        {r.NextRunAt ? ` · next run ${r.NextRunAt.slice(0, 16).replace('T', ' ')} UTC` : ''}
      </Text>
    </Group>
  );
}

function ResultTable({ shown }: { shown: NonNullable<Shown> }) {
  const { result, kind } = shown;
  const cap = kind === 'preview' ? REPORT_PREVIEW_ROWS : REPORT_MAX_ROWS;
  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" mb="xs">
        <Text fw={600} fz="sm">
          {kind === 'preview' ? 'Preview' : 'Run'}: {result.Rows.length.toLocaleString('en-US')} rows ·{' '}
          {result.Ms} ms
        </Text>
        {result.Truncated && (
          <Text fz="sm" c="orange">
            {kind === 'preview' ? `Showing the first ${cap} rows` : REPORT_MESSAGES.truncated}
          </Text>
        )}
      </Group>
      <ScrollArea.Autosize mah={360} type="auto">
        <Table
          striped
          withTableBorder
          stickyHeader
          fz="sm"
          aria-label={kind === 'preview' ? 'Preview rows' : 'Report rows'}
        >
          <Table.Thead>
            <Table.Tr>
              {result.Columns.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: two columns may share a name
                <Table.Th key={i}>{c}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.Rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={Math.max(1, result.Columns.length)}>
                  <Text fz="sm" c="dimmed">
                    No rows
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              result.Rows.slice(0, 1000).map((row, r) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: result rows have no identity
                <Table.Tr key={r}>
                  {row.map((cell, c) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells by position
                    <Table.Td key={c} ff="monospace">
                      {cell ?? (
                        <Text span c="dimmed" fz="sm">
                          NULL
                        </Text>
                      )}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {result.Rows.length > 1000 && (
        <Text fz="xs" c="dimmed" mt="xs">
          The first 1,000 rows are shown here; Download CSV has all{' '}
          {result.Rows.length.toLocaleString('en-US')}.
        </Text>
      )}
    </Paper>
  );
}

function RunHistory({ detail }: { detail: SavedReportDetail }) {
  return (
    <Stack gap={4}>
      <Text fw={600} fz="sm">
        Recent runs
      </Text>
      <Table fz="sm" withTableBorder aria-label="Recent runs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When (UTC)</Table.Th>
            <Table.Th>Trigger</Table.Th>
            <Table.Th>By</Table.Th>
            <Table.Th>Version</Table.Th>
            <Table.Th>Rows · ms</Table.Th>
            <Table.Th>Error</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {detail.Runs.map((r) => (
            <Table.Tr key={r.ID}>
              <Table.Td>{r.At.slice(0, 19).replace('T', ' ')}</Table.Td>
              <Table.Td>{r.Trigger}</Table.Td>
              <Table.Td>{r.By ?? 'scheduler'}</Table.Td>
              <Table.Td>{r.Version ? `v${r.Version}` : 'editor'}</Table.Td>
              <Table.Td>
                {r.Rows === null ? '—' : `${r.Rows.toLocaleString('en-US')} · ${r.Ms ?? 0}`}
              </Table.Td>
              <Table.Td>
                <Text fz="xs" c="red" lineClamp={2} title={r.Error ?? undefined}>
                  {r.Error ?? ''}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

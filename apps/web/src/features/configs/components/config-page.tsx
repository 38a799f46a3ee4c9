import { CONFIG_NAMESPACES, type ConfigNamespace, type ConfigState, type ConfigVersion } from '@bo/contract';
import { Alert, Badge, Button, Group, Loader, Modal, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconHistory } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { fieldIssues } from '../../../components/call-form/use-call-form';
import { ConfigForm, type SecretEdits } from '../../../components/config-form/config-form';
import { PageHeader } from '../../../components/ui/page-header';
import { StepUpDialog, type StepUpProof } from '../../../components/ui/step-up-dialog';
import { useAdminMutation } from '../../../lib/api/use-admin-mutation';
import { useAdminQuery } from '../../../lib/api/use-call-query';
import { ConfigHistoryDrawer } from './config-history-drawer';
import { when } from './config-labels';

type Values = Record<string, unknown>;
type Dialog =
  | { kind: 'save' }
  | { kind: 'approve'; version: number }
  | { kind: 'restore'; version: number }
  | { kind: 'reject'; version: number }
  | null;

const INVALIDATES = ['GetConfig', 'ConfigHistory'] as const;

/**
 * A Servlet Config screen (ADR 0025): the namespace's form from its schema, its versions and the four-eyes
 * flow (save a draft, submit, another administrator approves or rejects), history with diffs and restore.
 */
export function ConfigPage({ ns, description }: { ns: ConfigNamespace; description: string }) {
  // Never refetched behind the editor's back: a change by someone else shows as the 409 on save.
  const query = useAdminQuery('GetConfig', { Namespace: ns }, { staleTime: Number.POSITIVE_INFINITY });
  if (!query.data) return <Loader size="sm" />;
  return <ConfigEditor key={query.data.Head} state={query.data} description={description} />;
}

const baseOf = (state: ConfigState): ConfigVersion | null => state.Draft ?? state.Pending ?? state.Active;

function statusLine(state: ConfigState): string {
  const active = state.Active;
  if (!active) return 'No version active yet: the platform runs on the built-in defaults';
  return `v${active.Version} · active since ${when(active.ActivatedAt)} by ${active.Author}${
    active.Approver ? `, approved by ${active.Approver}` : ''
  }`;
}

function ConfigEditor({ state, description }: { state: ConfigState; description: string }) {
  const ns = state.Namespace;
  const schema = CONFIG_NAMESPACES[ns].schema;
  const base = baseOf(state);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: base?.Values ?? state.Defaults,
    validate: schemaResolver(schema, { sync: true }),
  });
  const [secretEdits, setSecretEdits] = useState<SecretEdits>({});
  const [dialog, setDialog] = useState<Dialog>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const coins = useAdminQuery('ListAltCoins', {}, { staleTime: 5 * 60_000 });
  const coinOptions = useMemo(
    () =>
      [...(coins.data ?? [])]
        .sort((a, b) => a.LongName.localeCompare(b.LongName))
        .map((c) => ({ value: String(c.ID), label: `${c.LongName} (${c.ShortName})` })),
    [coins.data],
  );

  const save = useAdminMutation('SaveConfigDraft', {
    invalidates: INVALIDATES,
    success: (data) => `v${data.Head} is saved as a draft`,
    handlesErrors: true,
  });
  const submit = useAdminMutation('SubmitConfig', {
    invalidates: INVALIDATES,
    success: (data) => `v${data.Pending?.Version ?? ''} awaits another administrator's approval`,
  });
  const approve = useAdminMutation('ApproveConfig', {
    invalidates: INVALIDATES,
    success: (data) => `v${data.Active?.Version ?? ''} is active`,
    handlesErrors: true,
  });
  const restore = useAdminMutation('RestoreConfig', {
    invalidates: INVALIDATES,
    success: (data) => `v${data.Pending?.Version ?? ''} restores an earlier version and awaits approval`,
    handlesErrors: true,
  });
  const reject = useAdminMutation('RejectConfig', {
    invalidates: INVALIDATES,
    success: (_, params) => `v${params.Version} is rejected`,
    handlesErrors: true,
  });

  const secretsTyped = Object.entries(secretEdits).filter(([, v]) => v !== '');
  const changed = form.isDirty() || secretsTyped.length > 0;
  const startSave = () => {
    if (form.validate().hasErrors) return;
    setDialog({ kind: 'save' });
  };
  const sendSave = async (proof: StepUpProof, comment: string) => {
    try {
      await save.mutateAsync({
        Namespace: ns,
        ExpectedVersion: state.Head,
        Values: form.getValues(),
        ...(secretsTyped.length ? { Secrets: Object.fromEntries(secretsTyped) } : {}),
        ...(comment ? { Comment: comment } : {}),
        ...proof,
      });
    } catch (error) {
      form.setErrors(fieldIssues(error));
      throw error;
    }
  };

  return (
    <Stack gap="md" maw={1100}>
      <PageHeader
        title={state.Title}
        description={
          <>
            {description}
            <br />
            <Text span fz="sm" fw={500} c="dark" data-testid="config-status">
              {statusLine(state)}
            </Text>
          </>
        }
        actions={
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconHistory size={16} />}
              onClick={() => setHistoryOpen(true)}
            >
              History
            </Button>
            <Button variant="default" onClick={() => form.reset()} disabled={!changed}>
              Discard changes
            </Button>
            <Button onClick={startSave} disabled={!changed}>
              Save draft
            </Button>
          </Group>
        }
      />
      {state.Pending ? (
        <Alert color="yellow" title={`v${state.Pending.Version} by ${state.Pending.Author} awaits approval`}>
          <Stack gap="xs">
            {state.Pending.Comment ? <Text fz="sm">{state.Pending.Comment}</Text> : null}
            <Text fz="sm">
              Another administrator than its author activates it; until then v{state.Active?.Version ?? 0}{' '}
              stays in force.
            </Text>
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => setHistoryOpen(true)}>
                View diff
              </Button>
              <Button
                size="xs"
                color="green"
                onClick={() => setDialog({ kind: 'approve', version: state.Pending?.Version ?? 0 })}
              >
                Approve
              </Button>
              <Button
                size="xs"
                color="red"
                variant="light"
                onClick={() => setDialog({ kind: 'reject', version: state.Pending?.Version ?? 0 })}
              >
                Reject
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {state.Draft ? (
        <Alert color="blue" title={`v${state.Draft.Version} is a draft by ${state.Draft.Author}`}>
          <Group justify="space-between">
            <Text fz="sm">
              Saved {when(state.Draft.CreatedAt)}, not yet submitted. Submit it so another administrator can
              approve it.
            </Text>
            <Button
              size="xs"
              disabled={changed}
              loading={submit.isPending}
              onClick={() => submit.mutate({ Namespace: ns, Version: state.Draft?.Version ?? 0 })}
            >
              Submit for approval
            </Button>
          </Group>
        </Alert>
      ) : null}
      {base && base.Status !== 'active' ? (
        <Group gap="xs">
          <Badge variant="light" color="gray" tt="none">
            Showing v{base.Version}
          </Badge>
          <Text fz="xs" c="dimmed">
            The form starts from the newest draft or pending version; a save makes a new version from it.
          </Text>
        </Group>
      ) : null}
      <ConfigForm
        schema={schema}
        form={form}
        secrets={base?.Secrets ?? {}}
        secretEdits={secretEdits}
        onSecretEdits={setSecretEdits}
        coinOptions={coinOptions}
      />
      <ConfigHistoryDrawer
        ns={ns}
        opened={historyOpen}
        onClose={() => setHistoryOpen(false)}
        activeVersion={state.Active?.Version ?? null}
        onRestore={(version) => setDialog({ kind: 'restore', version })}
      />
      <StepUpDialog
        opened={dialog?.kind === 'save'}
        title="Save draft"
        what={`Saves your changes as v${state.Head + 1}, a draft. It is not active until it is submitted and another administrator approves it.`}
        method={state.StepUpWith}
        withComment
        confirmLabel="Save draft"
        onClose={() => setDialog(null)}
        send={sendSave}
      />
      <StepUpDialog
        opened={dialog?.kind === 'approve'}
        title={`Approve v${dialog?.kind === 'approve' ? dialog.version : ''}`}
        what="Approving makes this version active at once; the active one is superseded."
        method={state.StepUpWith}
        confirmLabel="Approve"
        onClose={() => setDialog(null)}
        send={(proof) =>
          approve.mutateAsync({
            Namespace: ns,
            Version: dialog?.kind === 'approve' ? dialog.version : 0,
            ...proof,
          })
        }
      />
      <StepUpDialog
        opened={dialog?.kind === 'restore'}
        title={`Restore v${dialog?.kind === 'restore' ? dialog.version : ''}`}
        what={`Copies v${dialog?.kind === 'restore' ? dialog.version : ''} into v${state.Head + 1}, which then awaits another administrator's approval.`}
        method={state.StepUpWith}
        confirmLabel="Restore"
        onClose={() => setDialog(null)}
        send={async (proof) => {
          await restore.mutateAsync({
            Namespace: ns,
            Version: dialog?.kind === 'restore' ? dialog.version : 0,
            ExpectedVersion: state.Head,
            ...proof,
          });
          setHistoryOpen(false);
        }}
      />
      <RejectDialog
        version={dialog?.kind === 'reject' ? dialog.version : null}
        onClose={() => setDialog(null)}
        send={(reason) =>
          reject.mutateAsync({
            Namespace: ns,
            Version: dialog?.kind === 'reject' ? dialog.version : 0,
            Reason: reason,
          })
        }
      />
    </Stack>
  );
}

function RejectDialog({
  version,
  onClose,
  send,
}: {
  version: number | null;
  onClose: () => void;
  send: (reason: string) => Promise<unknown>;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setReason('');
    setProblem(null);
    onClose();
  };
  return (
    <Modal opened={version !== null} onClose={close} title={`Reject v${version ?? ''}`} centered>
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          try {
            await send(reason);
            close();
          } catch (error) {
            setProblem(error instanceof Error ? error.message : 'Not rejected');
          }
        }}
      >
        <Stack gap="sm">
          <Textarea
            label="Why"
            description="The author reads this in the history"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            autosize
            minRows={2}
            data-autofocus
          />
          {problem ? (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Not now
            </Button>
            <Button type="submit" color="red">
              Reject
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

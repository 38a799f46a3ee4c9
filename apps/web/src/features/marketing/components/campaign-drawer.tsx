import {
  ADMIN_CALLS,
  type CampaignDetail,
  RECIPIENT_STATES,
  type RecipientRow,
  type RecipientState,
} from '@bo/contract';
import {
  Alert,
  Button,
  Group,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCallForm } from '../../../components/call-form/use-call-form';
import { UtcDateCell } from '../../../components/data-table/cells';
import { type Column, Dash, DataTable } from '../../../components/data-table/data-table';
import { RichTextEditor } from '../../../components/rich-text-editor/rich-text-editor';
import { HtmlPreviewModal } from '../../../components/rich-text-editor/sandboxed-html';
import { openConfirm } from '../../../components/ui/confirm';
import { LayeredDrawer } from '../../../components/ui/layered-drawer';
import { queryKey } from '../../../lib/api/query-keys';
import { useAdminMutation } from '../../../lib/api/use-admin-mutation';
import { useAdminQuery } from '../../../lib/api/use-call-query';
import { CampaignStatusBadge, RecipientStateBadge } from './campaign-status';

export interface CampaignDrawerProps {
  campaign: number | 'new' | null;
  onSaved: (id: number) => void;
  onClose: () => void;
  onManageSegments: () => void;
}

/** A new campaign's composer, or a saved one: its draft to edit and send, or its send's progress. */
export function CampaignDrawer({ campaign, onSaved, onClose, onManageSegments }: CampaignDrawerProps) {
  return (
    <LayeredDrawer
      opened={campaign !== null}
      onClose={onClose}
      position="right"
      size={880}
      title={campaign === 'new' ? 'New campaign' : 'Campaign'}
    >
      {campaign === 'new' && (
        <Composer campaign={null} onSaved={onSaved} onDeleted={onClose} onManageSegments={onManageSegments} />
      )}
      {typeof campaign === 'number' && (
        <SavedCampaign
          key={campaign}
          id={campaign}
          onSaved={onSaved}
          onDeleted={onClose}
          onManageSegments={onManageSegments}
        />
      )}
    </LayeredDrawer>
  );
}

function SavedCampaign({
  id,
  onSaved,
  onDeleted,
  onManageSegments,
}: {
  id: number;
  onSaved: (id: number) => void;
  onDeleted: () => void;
  onManageSegments: () => void;
}) {
  const detail = useAdminQuery(
    'CampaignDetail',
    { ID: id },
    // While it sends, the progress is asked for every 1.5 s; a finished send is not asked again.
    { refetchInterval: (q) => (q.state.data?.Status === 'sending' ? 1500 : false) },
  );
  if (detail.isError) return <Alert color="red">The campaign could not be loaded.</Alert>;
  if (!detail.data) return <Text c="dimmed">Loading…</Text>;
  return detail.data.Status === 'draft' ? (
    <Composer
      campaign={detail.data}
      onSaved={onSaved}
      onDeleted={onDeleted}
      onManageSegments={onManageSegments}
    />
  ) : (
    <SendProgress campaign={detail.data} />
  );
}

function Composer({
  campaign,
  onSaved,
  onDeleted,
  onManageSegments,
}: {
  campaign: CampaignDetail | null;
  onSaved: (id: number) => void;
  onDeleted: () => void;
  onManageSegments: () => void;
}) {
  const client = useQueryClient();
  const segments = useAdminQuery('ListSegments', {});
  const [previewing, setPreviewing] = useState(false);
  const { form, onSubmit } = useCallForm(ADMIN_CALLS.SaveCampaign.params, {
    ID: campaign?.ID,
    Subject: campaign?.Subject ?? '',
    Preheader: campaign?.Preheader ?? '',
    BodyHtml: campaign?.BodyHtml ?? '',
    SegmentID: campaign?.SegmentID ?? undefined,
  });
  const save = useAdminMutation('SaveCampaign', {
    invalidates: ['ListCampaigns'],
    success: 'Campaign saved',
    handlesErrors: true,
    onSuccess: (data) => {
      client.setQueryData(queryKey('admin', 'CampaignDetail', { ID: data.ID }), data);
      form.resetDirty();
      onSaved(data.ID);
    },
  });
  const send = useAdminMutation('SendCampaign', {
    invalidates: ['ListCampaigns', 'CampaignDetail'],
    success: (data) => `Sending to ${data.Counts.Total} merchants`,
  });
  const cancel = useAdminMutation('CancelCampaign', {
    invalidates: ['ListCampaigns', 'CampaignDetail'],
    success: 'Campaign cancelled',
  });
  const remove = useAdminMutation('DeleteCampaign', {
    invalidates: ['ListCampaigns'],
    success: 'Draft deleted',
    onSuccess: onDeleted,
  });
  const segmentId = form.getValues().SegmentID;
  const chosen = segments.data?.find((s) => String(s.ID) === String(segmentId ?? ''));
  const isSaved = campaign !== null && !form.isDirty();

  return (
    <Stack gap="md">
      <form onSubmit={onSubmit((values) => save.mutateAsync(values))}>
        <Stack gap="sm">
          <TextInput label="Subject" withAsterisk {...form.getInputProps('Subject')} />
          <TextInput
            label="Preheader"
            description="The line inbox previews show after the subject"
            {...form.getInputProps('Preheader')}
          />
          <Group align="flex-end" gap="xs">
            <Select
              label="Segment"
              placeholder="Pick the merchants to send to"
              clearable
              data={(segments.data ?? []).map((s) => ({ value: String(s.ID), label: s.Name }))}
              value={segmentId === undefined || segmentId === null ? null : String(segmentId)}
              onChange={(v) => form.setFieldValue('SegmentID', v === null ? undefined : Number(v))}
              error={form.errors.SegmentID}
              w={320}
            />
            <Button variant="subtle" onClick={onManageSegments}>
              Manage segments
            </Button>
          </Group>
          {chosen && (
            <Text fz="sm" c="dimmed" data-testid="segment-count">
              {chosen.Recipients} {chosen.Recipients === 1 ? 'merchant' : 'merchants'} will receive it now
            </Text>
          )}
          <RichTextEditor
            label="Body"
            value={String(form.getValues().BodyHtml ?? '')}
            onChange={(html) => form.setFieldValue('BodyHtml', html)}
            error={typeof form.errors.BodyHtml === 'string' ? form.errors.BodyHtml : null}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save draft
            </Button>
          </Group>
        </Stack>
      </form>

      {campaign && (
        <Stack gap="sm">
          <Title order={5}>Check and send</Title>
          {!isSaved && (
            <Text fz="sm" c="orange">
              Save the draft first: the preview, the test and the send use the saved campaign.
            </Text>
          )}
          <Group gap="xs">
            <Button variant="default" disabled={!isSaved} onClick={() => setPreviewing(true)}>
              Preview
            </Button>
            <TestSend id={campaign.ID} disabled={!isSaved} />
          </Group>
          <Group gap="xs">
            <Button
              color="green"
              disabled={!isSaved || !campaign.SegmentID}
              loading={send.isPending}
              onClick={() =>
                openConfirm({
                  title: 'Send this campaign',
                  message: `“${campaign.Subject}” goes to the ${campaign.SegmentName ?? ''} segment as it is now${
                    chosen ? ` (${chosen.Recipients} merchants)` : ''
                  }. It cannot be edited afterwards.`,
                  confirmLabel: 'Send',
                  onConfirm: () => send.mutate({ ID: campaign.ID }),
                })
              }
            >
              Send
            </Button>
            <Button
              variant="subtle"
              color="red"
              onClick={() =>
                openConfirm({
                  title: 'Cancel this draft',
                  message: 'A cancelled campaign can no longer be edited or sent.',
                  confirmLabel: 'Cancel campaign',
                  cancelLabel: 'Keep it',
                  isDanger: true,
                  onConfirm: () => cancel.mutate({ ID: campaign.ID }),
                })
              }
            >
              Cancel campaign
            </Button>
            <Button
              variant="subtle"
              color="red"
              loading={remove.isPending}
              onClick={() =>
                openConfirm({
                  title: 'Delete this draft',
                  message: `Delete “${campaign.Subject}”? The draft and its text are gone for good. Sent campaigns cannot be deleted: they are the record of who got what.`,
                  confirmLabel: 'Delete draft',
                  cancelLabel: 'Keep it',
                  isDanger: true,
                  onConfirm: () => remove.mutate({ ID: campaign.ID }),
                })
              }
            >
              Delete draft
            </Button>
          </Group>
          <HtmlPreviewModal
            opened={previewing}
            onClose={() => setPreviewing(false)}
            title="Preview"
            html={campaign.PreviewHtml}
          >
            <Text fz="xs" c="dimmed" mb="xs">
              Subject: {campaign.Subject}
            </Text>
          </HtmlPreviewModal>
        </Stack>
      )}
    </Stack>
  );
}

function TestSend({ id, disabled }: { id: number; disabled: boolean }) {
  const { form, onSubmit } = useCallForm(ADMIN_CALLS.TestSendCampaign.params, { ID: id, To: '' });
  const test = useAdminMutation('TestSendCampaign', {
    success: (data) => `Test sent to ${data.To}`,
    handlesErrors: true,
  });
  return (
    <form onSubmit={onSubmit((values) => test.mutateAsync({ ...values, ID: id }))}>
      <Group gap="xs" align="flex-start">
        <TextInput
          placeholder="you@example.com"
          aria-label="Test address"
          disabled={disabled}
          w={240}
          {...form.getInputProps('To')}
        />
        <Button type="submit" variant="default" disabled={disabled} loading={test.isPending}>
          Send test
        </Button>
      </Group>
    </form>
  );
}

const recipientColumns: Column<RecipientRow>[] = [
  { key: 'ShopTitle', header: 'Merchant', cell: (r) => r.ShopTitle },
  { key: 'Email', header: 'Email', cell: (r) => r.Email },
  { key: 'State', header: 'State', nowrap: true, cell: (r) => <RecipientStateBadge state={r.State} /> },
  { key: 'Error', header: 'Error', cell: (r) => r.Error ?? <Dash /> },
  {
    key: 'SentOn',
    header: 'Sent (UTC)',
    nowrap: true,
    cell: (r) => (r.SentOn ? <UtcDateCell value={r.SentOn} withZone={false} /> : <Dash />),
  },
];

function SendProgress({ campaign }: { campaign: CampaignDetail }) {
  const [state, setState] = useState<RecipientState | null>(null);
  const [page, setPage] = useState(1);
  const recipients = useAdminQuery(
    'ListCampaignRecipients',
    { ID: campaign.ID, state: state ?? undefined, page },
    { refetchInterval: campaign.Status === 'sending' ? 1500 : false },
  );
  const [previewing, setPreviewing] = useState(false);
  const cancel = useAdminMutation('CancelCampaign', {
    invalidates: ['ListCampaigns', 'CampaignDetail'],
    success: 'Campaign cancelled: the remaining recipients are skipped',
  });
  const c = campaign.Counts;
  const done = c.Sent + c.Failed + c.Skipped;
  const percent = c.Total === 0 ? 0 : Math.round((done / c.Total) * 100);
  const meta = recipients.data?.meta;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Stack gap={2}>
          <Title order={4}>{campaign.Subject}</Title>
          <Text fz="sm" c="dimmed">
            To {campaign.SegmentName ?? 'a deleted segment'} · by {campaign.CreatedBy}
          </Text>
        </Stack>
        <CampaignStatusBadge status={campaign.Status} />
      </Group>
      <Stack gap={4}>
        <Progress.Root size="xl" aria-label="Send progress">
          <Progress.Section value={c.Total ? (c.Sent / c.Total) * 100 : 0} color="green" />
          <Progress.Section value={c.Total ? (c.Failed / c.Total) * 100 : 0} color="red" />
          <Progress.Section value={c.Total ? (c.Skipped / c.Total) * 100 : 0} color="yellow" />
        </Progress.Root>
        <Text fz="sm" data-testid="send-progress">
          {percent}% done: {c.Sent} sent, {c.Failed} failed, {c.Skipped} skipped, {c.Queued + c.Sending} to go
          (of {c.Total})
        </Text>
      </Stack>
      <SimpleGrid cols={2} spacing="xs">
        <Text fz="sm">
          Started: {campaign.StartedOn ? <UtcDateCell value={campaign.StartedOn} /> : <Dash />}
        </Text>
        <Text fz="sm">
          Finished: {campaign.FinishedOn ? <UtcDateCell value={campaign.FinishedOn} /> : <Dash />}
        </Text>
      </SimpleGrid>
      <Group gap="xs">
        <Button variant="default" onClick={() => setPreviewing(true)}>
          Preview
        </Button>
        {campaign.Status === 'sending' && (
          <Button
            color="red"
            variant="light"
            loading={cancel.isPending}
            onClick={() =>
              openConfirm({
                title: 'Cancel the send',
                message: `The ${c.Queued} recipients not yet sent to are skipped. Emails already sent stay sent.`,
                confirmLabel: 'Cancel send',
                cancelLabel: 'Keep sending',
                isDanger: true,
                onConfirm: () => cancel.mutate({ ID: campaign.ID }),
              })
            }
          >
            Cancel send
          </Button>
        )}
      </Group>
      <Group align="flex-end">
        <Title order={5}>Recipients</Title>
        <Select
          label="State"
          placeholder="Any"
          clearable
          data={RECIPIENT_STATES.map((s) => ({ value: s, label: s }))}
          value={state}
          onChange={(v) => {
            setState(v as RecipientState | null);
            setPage(1);
          }}
          w={150}
        />
      </Group>
      <DataTable
        label="Recipients"
        columns={recipientColumns}
        rowKey={(row) => row.ID}
        empty="No recipient in this state"
        rows={recipients.data?.records}
        isLoading={recipients.isPending}
        paging={
          meta
            ? {
                page: meta.page,
                total: meta.total,
                size: meta.limit,
                onPage: setPage,
              }
            : undefined
        }
      />
      <HtmlPreviewModal
        opened={previewing}
        onClose={() => setPreviewing(false)}
        title="Preview"
        html={campaign.PreviewHtml}
      />
    </Stack>
  );
}

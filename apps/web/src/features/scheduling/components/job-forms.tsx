import { ADMIN_CALLS, JOB_CONCURRENCY, type JobRow } from '@bo/contract';
import { Button, Group, Modal, NumberInput, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useCallForm } from '../../../components/call-form/use-call-form';
import { isApiError } from '../../../lib/api/api-error';
import { useAdminMutation } from '../../../lib/api/use-admin-mutation';
import { notifyError } from '../../../lib/notify';

const CONCURRENCY_OPTIONS = JOB_CONCURRENCY.map((c) => ({
  value: c,
  label: {
    forbid: 'Forbid: skip a run while one is running',
    replace: 'Replace: cancel the running one',
    allow: 'Allow: run side by side',
  }[c],
}));

/** A refusal with no field to sit on (a wrong code, no authenticator) is shown as a toast. */
const toastUnlessShown = (shown: boolean, error: unknown) => {
  if (!shown) notifyError(isApiError(error) ? error.message : 'The change was not saved');
};

/** The reason and step-up code a job that moves money needs for Pause and Edit. */
function MoneyFields({ reason, code }: { reason: GetInputPropsReturnType; code: GetInputPropsReturnType }) {
  return (
    <>
      <Textarea label="Why? Shown in the audit log" withAsterisk autosize minRows={2} {...reason} />
      <TextInput
        label="Authenticator code"
        description="This job moves money: confirm with the 6-digit code of your authenticator app"
        withAsterisk
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        {...code}
      />
    </>
  );
}

export function EditScheduleModal({ job, onClose }: { job: JobRow; onClose: () => void }) {
  const { form, showServerErrors } = useCallForm(ADMIN_CALLS.SaveJobSchedule.params, {
    Key: job.Key,
    Cron: job.Cron,
    Timezone: job.Timezone,
    Concurrency: job.Concurrency,
    TimeoutS: job.TimeoutS,
    StartingDeadlineS: job.StartingDeadlineS,
    Reason: '',
    Code: '',
  });
  const save = useAdminMutation('SaveJobSchedule', {
    invalidates: ['ListJobs'],
    success: (data) => `${data.Title}: ${data.ScheduleText} · ${data.Timezone}`,
    handlesErrors: true,
    onSuccess: onClose,
  });
  return (
    <Modal opened onClose={onClose} title={`Edit schedule · ${job.Title}`} size="lg">
      <form
        onSubmit={form.onSubmit(async (values) => {
          try {
            await save.mutateAsync(values);
          } catch (error) {
            toastUnlessShown(showServerErrors(error), error);
          }
        })}
      >
        <Stack gap="sm">
          <TextInput
            label="Schedule (cron)"
            description="Minute, hour, day of month, month, day of week, e.g. */15 * * * *. At most once a minute."
            withAsterisk
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            {...form.getInputProps('Cron')}
          />
          <TextInput label="Time zone" withAsterisk {...form.getInputProps('Timezone')} />
          <Select
            label="Concurrency policy"
            data={CONCURRENCY_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('Concurrency')}
          />
          <Group grow align="flex-start">
            <NumberInput
              label="Timeout (s)"
              description="A run longer than this is stopped as timed out"
              min={1}
              {...form.getInputProps('TimeoutS')}
            />
            <NumberInput
              label="Starting deadline (s)"
              description="A slot not started in time is skipped"
              min={1}
              {...form.getInputProps('StartingDeadlineS')}
            />
          </Group>
          {job.MovesMoney && (
            <MoneyFields reason={form.getInputProps('Reason')} code={form.getInputProps('Code')} />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save schedule
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Pausing a job that moves money: a reason for the audit log and the step-up code. */
export function PauseModal({ job, onClose }: { job: JobRow; onClose: () => void }) {
  const { form, showServerErrors } = useCallForm(ADMIN_CALLS.SetJobEnabled.params, {
    Key: job.Key,
    Enabled: false,
    Reason: '',
    Code: '',
  });
  const pause = useAdminMutation('SetJobEnabled', {
    invalidates: ['ListJobs'],
    success: (data) => `${data.Title} is paused`,
    handlesErrors: true,
    onSuccess: onClose,
  });
  return (
    <Modal opened onClose={onClose} title={`Pause · ${job.Title}`}>
      <form
        onSubmit={form.onSubmit(async (values) => {
          try {
            await pause.mutateAsync(values);
          } catch (error) {
            toastUnlessShown(showServerErrors(error), error);
          }
        })}
      >
        <Stack gap="sm">
          <Text fz="sm">No new runs start while it is paused; a run in progress finishes.</Text>
          <MoneyFields reason={form.getInputProps('Reason')} code={form.getInputProps('Code')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="orange" loading={pause.isPending}>
              Pause job
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import { ADMIN_CALLS, type FailureCause } from '@bo/contract';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useCallForm } from '../../../components/call-form/use-call-form';
import { useUpdateFailure } from '../api/use-failures';

/** UpdateTable's notes variant: its 'Notes are required' and length are the dialog's rules. */
const notesSchema = ADMIN_CALLS.UpdateTable.params.options[1];

export interface NotesDialogProps {
  failure: FailureCause | null;
  onClose: () => void;
}

/** The 'Update Notes' dialog (SPEC §2.6 item 4): one required Notes field and Save. */
export function NotesDialog({ failure, onClose }: NotesDialogProps) {
  return (
    <Modal opened={failure !== null} onClose={onClose} title="Update Notes" centered>
      {failure ? <NotesForm key={failure.ID} failure={failure} onDone={onClose} /> : null}
    </Modal>
  );
}

function NotesForm({ failure, onDone }: { failure: FailureCause; onDone: () => void }) {
  const update = useUpdateFailure();
  const { form, onSubmit } = useCallForm(notesSchema, {
    table: 'Transaction_Failure',
    ID: failure.ID,
    field: 'Notes',
    value: failure.Notes ?? '',
  });
  // On failure the global policy shows the server's message; the dialog and the text stay.
  return (
    <form onSubmit={onSubmit((values) => update.mutateAsync(values).then(onDone))} noValidate>
      <Stack gap="md">
        <Textarea
          label="Notes"
          withAsterisk
          rows={5}
          resize="vertical"
          maxLength={2000}
          {...form.getInputProps('value')}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

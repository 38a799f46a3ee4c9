import type { FailureCause } from '@bo/contract';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useUpdateFailure } from '../api/use-failures';

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
  const [notes, setNotes] = useState(failure.Notes ?? '');
  const [isMissing, setIsMissing] = useState(false);
  const update = useUpdateFailure();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (notes.trim() === '') {
      setIsMissing(true);
      return;
    }
    // On failure the global policy shows the server's message; the dialog and the text stay.
    update.mutate(
      { table: 'Transaction_Failure', ID: failure.ID, field: 'Notes', value: notes },
      { onSuccess: onDone },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Textarea
          label="Notes"
          withAsterisk
          rows={5}
          resize="vertical"
          maxLength={2000}
          value={notes}
          onChange={(e) => {
            setNotes(e.currentTarget.value);
            if (e.currentTarget.value.trim() !== '') setIsMissing(false);
          }}
          error={isMissing ? 'Notes are required' : undefined}
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

import {
  ADMIN_CALLS,
  slugifyViewName,
  type TransactionView,
  type TransactionViewFilters,
} from '@bo/contract';
import { Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { useCallForm } from '../../../components/call-form/use-call-form';
import { handleApiError } from '../../../lib/api/error-handler';
import { useAdminMutation } from '../../../lib/api/use-admin-mutation';

const VIEW_CALLS = ['ListTransactionViews'] as const;

/**
 * Saves the filters on screen under a new name, or renames / re-shares an existing view of one's own. The
 * name is the view's address, so what is typed is shown as the slug it becomes; the contract's messages
 * come back on the field, and what was typed stays.
 */
export function SaveViewDialog({
  opened,
  onClose,
  filters,
  editing,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  filters: TransactionViewFilters;
  /** Renaming this view instead of saving a new one. */
  editing?: TransactionView | undefined;
  onSaved: (view: TransactionView) => void;
}) {
  const { form, onSubmit, showServerErrors } = useCallForm(ADMIN_CALLS.CreateTransactionView.params, {
    Name: editing?.Name ?? '',
    Shared: editing?.Shared ?? false,
    Filters: filters,
  });
  const create = useAdminMutation('CreateTransactionView', {
    invalidates: VIEW_CALLS,
    success: (view) => `View ${view.Name} saved`,
    handlesErrors: true,
  });
  const update = useAdminMutation('UpdateTransactionView', {
    invalidates: VIEW_CALLS,
    success: (view) => `View ${view.Name} saved`,
    handlesErrors: true,
  });
  const { setValues } = form;
  useEffect(() => {
    if (opened) setValues({ Name: editing?.Name ?? '', Shared: editing?.Shared ?? false, Filters: filters });
  }, [opened, editing, filters, setValues]);
  const name = String(form.getValues().Name ?? '');
  return (
    <Modal opened={opened} onClose={onClose} title={editing ? 'Rename view' : 'Save view'} centered>
      <form
        onSubmit={onSubmit(async (values) => {
          try {
            const view = editing
              ? await update.mutateAsync({ ID: editing.ID, Name: values.Name, Shared: values.Shared })
              : await create.mutateAsync(values);
            onSaved(view);
            onClose();
          } catch (error) {
            if (!showServerErrors(error)) handleApiError(error);
          }
        })}
      >
        <Stack gap="sm">
          {editing ? null : (
            <Text size="sm" c="dimmed">
              Saves the filters and sort on screen, never the rows: the view shows what matches when it is
              opened.
            </Text>
          )}
          <TextInput
            label="Name"
            description={`Its address: /admin/transactions/all/${name || '…'}`}
            withAsterisk
            data-autofocus
            maxLength={60}
            {...form.getInputProps('Name')}
            onBlur={() => form.setFieldValue('Name', slugifyViewName(name))}
          />
          <Checkbox
            label="Share with all staff who can view transactions"
            {...form.getInputProps('Shared', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

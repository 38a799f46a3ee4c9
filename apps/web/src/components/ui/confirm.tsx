import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

export interface ConfirmOptions {
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button for destructive or money-moving actions. */
  isDanger?: boolean;
  onConfirm: () => void;
}

/** The generic confirm modal of the admin layout (SPEC §2.4). */
export const openConfirm = ({
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  isDanger = false,
  onConfirm,
}: ConfirmOptions): string =>
  modals.openConfirmModal({
    title,
    centered: true,
    children: <Text size="sm">{message}</Text>,
    labels: { confirm: confirmLabel, cancel: cancelLabel },
    confirmProps: isDanger ? { color: 'red' } : {},
    onConfirm,
  });

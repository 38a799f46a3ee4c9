import { TOAST_TIMEOUT_MS } from '@bo/contract';
import { notifications } from '@mantine/notifications';

/** Toasts close after TOAST_TIMEOUT_MS (SPEC §9). */
export const notifySuccess = (message: string, title?: string): void => {
  notifications.show({ message, title, color: 'teal', autoClose: TOAST_TIMEOUT_MS });
};

export const notifyError = (message: string, title?: string): void => {
  notifications.show({ message, title, color: 'red', autoClose: TOAST_TIMEOUT_MS });
};

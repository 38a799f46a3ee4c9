import { TOAST_TIMEOUT_MS } from '@bo/contract';
import { notifications } from '@mantine/notifications';
import { addLocalNotification } from './notifications/notification-center.store';

/** Toasts close after TOAST_TIMEOUT_MS (SPEC §9); success toasts also go to the bell's list (SPEC §8). */
export const notifySuccess = (message: string, title?: string, options: { record?: boolean } = {}): void => {
  notifications.show({ message, title, color: 'teal', autoClose: TOAST_TIMEOUT_MS });
  // A greeting is not news: only the success toasts of SPEC §8 belong in the bell's list.
  if (options.record !== false) addLocalNotification(message);
};

export const notifyError = (message: string, title?: string): void => {
  notifications.show({ message, title, color: 'red', autoClose: TOAST_TIMEOUT_MS });
};

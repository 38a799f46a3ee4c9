import { create } from 'zustand';
import { useAppStore } from '../session/session.store';

/** One entry of the header's notification list (SPEC §3 Notification: message, id, date). */
export interface NotificationItem {
  /** Unique per entry; platform notifications keep the server's id. */
  id: string;
  message: string;
  /** ISO time the entry arrived. */
  date: string;
  /** The transaction the entry is about ('T000123456'), opened when it is marked read. */
  transactionRef: string | null;
}

interface NotificationCenterState {
  items: NotificationItem[];
  add: (item: NotificationItem) => void;
  remove: (id: string) => void;
  clear: () => void;
}

/** Keeps the list bounded: a shift of live traffic must not grow the page's memory without end. */
export const MAX_NOTIFICATIONS = 100;

/**
 * The bell's list: platform notifications from the socket and the app's own success toasts (SPEC §8).
 * Held in memory only, so a sign-out or reload starts it empty.
 */
export const useNotificationCenter = create<NotificationCenterState>()((set) => ({
  items: [],
  add: (item) =>
    set((s) =>
      s.items.some((i) => i.id === item.id) ? s : { items: [item, ...s.items].slice(0, MAX_NOTIFICATIONS) },
    ),
  remove: (id) => set((s) => ({ items: s.items.filter((i) => i.id !== id) })),
  clear: () => set({ items: [] }),
}));

let localSequence = 0;

/** Adds one of the app's own messages (a success toast) to the list. */
export const addLocalNotification = (message: string, transactionRef: string | null = null): void => {
  localSequence += 1;
  useNotificationCenter.getState().add({
    id: `local-${Date.now()}-${localSequence}`,
    message,
    date: new Date().toISOString(),
    transactionRef,
  });
};

// SPEC §4: logout resets all state; a session that ends takes its notifications with it.
useAppStore.subscribe((state, previous) => {
  if (previous.session && !state.session) useNotificationCenter.getState().clear();
});

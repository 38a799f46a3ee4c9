import { Drawer, type DrawerProps } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';

const OPEN_DIALOGS = '[role="dialog"][aria-modal="true"]';

/**
 * How many modal dialogs were open when each Escape press began. Mantine 9 has every open modal and drawer
 * close itself on Escape from its own window listener, so one press would close a preview and the drawer
 * under it at once. The count is taken before any of them acts: this listener is added when the module is
 * loaded, before any dialog mounts, and window listeners run in the order they were added.
 */
const dialogsAtPress = new WeakMap<Event, number>();
if (typeof window !== 'undefined')
  window.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Escape') dialogsAtPress.set(event, document.querySelectorAll(OPEN_DIALOGS).length);
    },
    { capture: true },
  );

/**
 * Escape closes the drawer only when nothing is open over it. A modal opened from inside it (a preview, a
 * confirm, the segments list) closes by itself on that press and the drawer, with the work in it, stays.
 */
export function useTopLayerEscape(opened: boolean, onClose: () => void) {
  useWindowEvent('keydown', (event) => {
    if (event.key !== 'Escape' || event.isComposing || !opened) return;
    const open = dialogsAtPress.get(event) ?? document.querySelectorAll(OPEN_DIALOGS).length;
    if (open <= 1) onClose();
  });
}

/** A Mantine Drawer whose Escape closes only the innermost layer (see useTopLayerEscape). */
export function LayeredDrawer({ opened, onClose, ...props }: DrawerProps) {
  useTopLayerEscape(opened, onClose);
  return <Drawer opened={opened} onClose={onClose} {...props} closeOnEscape={false} />;
}

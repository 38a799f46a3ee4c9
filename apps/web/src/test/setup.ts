import '@testing-library/jest-dom/vitest';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetProductConfig } from '../lib/config/use-product-config';
import { useNotificationCenter } from '../lib/notifications/notification-center.store';
import { useAppStore } from '../lib/session/session.store';
import { FakeWebSocket } from './fake-web-socket';

// findBy…/waitFor wait up to 15 s (default 1 s): a page settles after a few mocked round trips, which on a
// loaded 2-core CI machine can take longer than a second; the first dashboard render of a file (its lazy
// screens' code transformed cold) took over 5 s in a fresh-clone run beside other builds. Passing tests are
// not slowed by it.
configure({ asyncUtilTimeout: 15_000 });

// The bot check's proof of work runs in Web Workers, which jsdom lacks; every test gets a button that "solves" it
// (bot-check.test.tsx tests the real one).
vi.mock('../components/ui/bot-check/bot-check', async () => import('./fake-bot-check'));

// Mantine's jsdom shims (https://mantine.dev/guides/vitest/).
const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);
window.HTMLElement.prototype.scrollIntoView = () => undefined;
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
class ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserver;
// Live feeds never reach the network in unit tests; a test pushes frames through FakeWebSocket.
window.WebSocket = FakeWebSocket as unknown as typeof WebSocket;

afterEach(() => {
  cleanup();
  notifications.clean();
  modals.closeAll();
  useAppStore.getState().reset();
  useAppStore.setState({ bootStatus: 'pending' });
  localStorage.clear();
  useNotificationCenter.getState().clear();
  resetProductConfig();
  FakeWebSocket.instances = [];
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

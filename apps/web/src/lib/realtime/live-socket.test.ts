import { SOCKET_PATHS } from '@bo/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../test/fake-web-socket';
import { connectLiveSocket, SESSION_ENDED_CLOSE } from './live-socket';

afterEach(() => {
  vi.useRealTimers();
});

const seqOf = (text: string) => {
  const match = /"seq":(\d+)/.exec(text);
  return match ? Number(match[1]) : null;
};

describe('connectLiveSocket', () => {
  it('reconnects after a drop and asks for what came after the last event it saw', () => {
    vi.useFakeTimers();
    const received: string[] = [];
    const stop = connectLiveSocket('transactions', { onMessage: (t) => received.push(t), seqOf });
    const first = FakeWebSocket.find(SOCKET_PATHS.transactions);
    expect(first?.url).toMatch(/\/ws\/transactions$/);
    first?.open();
    first?.emit('{"type":"sync","seq":40}');
    first?.emit('{"type":"transaction","seq":41}');
    first?.close(1006);

    vi.advanceTimersByTime(1_600);
    const second = FakeWebSocket.find(SOCKET_PATHS.transactions);
    expect(second).not.toBe(first);
    expect(second?.url).toMatch(/\/ws\/transactions\?after=41$/);
    expect(received).toHaveLength(2);
    stop();
  });

  it('waits longer after each failed try, and stops trying when the session ended', () => {
    vi.useFakeTimers();
    const stop = connectLiveSocket('notifications', { onMessage: () => undefined });
    FakeWebSocket.find(SOCKET_PATHS.notifications)?.close(1006);
    vi.advanceTimersByTime(1_600);
    const retry = FakeWebSocket.find(SOCKET_PATHS.notifications);
    expect(FakeWebSocket.instances).toHaveLength(2);
    retry?.close(1006);
    // The second pause is 1 to 3 seconds: not yet after 0.9 s.
    vi.advanceTimersByTime(900);
    expect(FakeWebSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(2_200);
    expect(FakeWebSocket.instances).toHaveLength(3);

    FakeWebSocket.find(SOCKET_PATHS.notifications)?.close(SESSION_ENDED_CLOSE);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(3);
    stop();
  });
});

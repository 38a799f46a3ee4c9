/**
 * A WebSocket for jsdom tests: it never touches the network; a test opens it and pushes frames as the
 * server would. `FakeWebSocket.instances` holds every socket the page opened, newest last.
 */
export class FakeWebSocket {
  static instances: FakeWebSocket[] = [];
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 3;

  readyState = FakeWebSocket.CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  /** The server accepted the upgrade. */
  open(): void {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.(new Event('open'));
  }

  /** A frame from the server. */
  emit(data: string): void {
    this.onmessage?.(new MessageEvent('message', { data }));
  }

  send(): void {}

  close(code = 1000): void {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.(new CloseEvent('close', { code }));
  }

  /** The newest socket not closed whose path is `path` (whatever its query). */
  static find(path: string): FakeWebSocket | undefined {
    return [...FakeWebSocket.instances]
      .reverse()
      .find((s) => new URL(s.url).pathname === path && s.readyState !== FakeWebSocket.CLOSED);
  }
}

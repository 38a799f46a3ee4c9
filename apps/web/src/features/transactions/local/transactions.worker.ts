import { createWorkerHandler } from './worker-handler';
import type { FromWorker, ToWorker } from './worker-protocol';

// The web app compiles against the DOM library only; this is the part of the worker scope used here.
const scope = self as unknown as {
  postMessage(message: FromWorker): void;
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
  location: { origin: string };
};

/**
 * The transaction list background worker of SPEC §7.3, a real Web Worker: neither the download nor the
 * filtering of a large list ever runs on the page's thread.
 */
const handle = createWorkerHandler((message) => scope.postMessage(message), scope.location.origin);
scope.onmessage = (event) => handle(event.data);

/** One platform event as the load process sent it. Times are on the clock both processes share. */
export interface SentEvent {
  kind: 'waiting' | 'paid';
  /** The transaction reference: known before sending for `paid`, from the answer for `waiting`. */
  ref: string | null;
  sentAt: number;
  ackAt: number | null;
  /** HTTP status of the answer; -1 when the request failed, null when it never came back. */
  status: number | null;
}

/** What the event load process writes when it is done. */
export interface EventLoadResult {
  startedAt: number;
  sendEndedAt: number;
  endedAt: number;
  rate: number;
  seconds: number;
  /** Events skipped because too many requests were already in flight. */
  notSent: number;
  events: SentEvent[];
}

/** What the HTTP load process prints when it is done (one JSON line). */
export interface HttpLoadResult {
  path: string;
  connections: number;
  seconds: number;
  requests: number;
  /** Answers other than 200, and requests that failed. */
  errors: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
}

import type { JobRunStatus } from '@bo/contract';
import { Badge, Loader } from '@mantine/core';

const STATUS: Record<JobRunStatus, { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'yellow' },
  running: { label: 'Running', color: 'blue' },
  succeeded: { label: 'Succeeded', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
  timed_out: { label: 'Timed out', color: 'orange' },
  cancelled: { label: 'Cancelled', color: 'gray' },
  skipped: { label: 'Skipped', color: 'gray' },
};

/** A run's state; a stuck run (no heartbeat for more than twice the timeout) reads Stuck in red. */
export function RunStatusBadge({ status, stuck }: { status: JobRunStatus; stuck: boolean }) {
  if (stuck)
    return (
      <Badge color="red" variant="filled" tt="none">
        Stuck
      </Badge>
    );
  const s = STATUS[status];
  return (
    <Badge
      color={s.color}
      variant="light"
      tt="none"
      // The label keeps its width: a narrow table cell must not cut it to an ellipsis.
      styles={{
        root: { flexShrink: 0, overflow: 'visible' },
        label: { overflow: 'visible', textOverflow: 'clip' },
      }}
      leftSection={status === 'running' ? <Loader size={10} color="blue" /> : undefined}
    >
      {s.label}
    </Badge>
  );
}

/** 850 ms, 12.4 s, 3 min 5 s, 2 h 4 min. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${ms} ms`;
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${Math.round(s % 60)} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

/** "in 4 min", "12 s ago": how far a moment is from now. */
export function formatRelative(iso: string, now: number): string {
  const diff = Date.parse(iso) - now;
  const abs = Math.abs(diff);
  const text =
    abs < 60_000
      ? `${Math.round(abs / 1000)} s`
      : abs < 3_600_000
        ? `${Math.round(abs / 60_000)} min`
        : abs < 86_400_000
          ? `${Math.round(abs / 3_600_000)} h`
          : `${Math.round(abs / 86_400_000)} d`;
  return diff >= 0 ? `in ${text}` : `${text} ago`;
}

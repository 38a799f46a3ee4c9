import { TASK_STATUS_LABELS, type TaskStatus } from '@bo/contract';
import { Badge } from '@mantine/core';

const COLORS: Record<TaskStatus, string> = {
  running: 'blue',
  succeeded: 'green',
  failed: 'red',
  skipped: 'gray',
  pending_approval: 'yellow',
  cancelled: 'red',
};

/** A task's status as the Tasks Audit words it. */
export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light" tt="none" styles={{ label: { overflow: 'visible' } }}>
      {TASK_STATUS_LABELS[status]}
    </Badge>
  );
}

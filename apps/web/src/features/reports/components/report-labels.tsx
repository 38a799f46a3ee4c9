import type { GoamlReportRow } from '@bo/contract';
import { Badge } from '@mantine/core';

export const STATUS_LABELS = { draft: 'Draft', final: 'Generated' } as const;

/** A report's state: grey while a draft, green once generated (validated and stored). */
export function ReportStatusBadge({ status }: { status: GoamlReportRow['Status'] }) {
  return (
    <Badge color={status === 'final' ? 'green' : 'gray'} variant="light">
      {STATUS_LABELS[status]}
    </Badge>
  );
}

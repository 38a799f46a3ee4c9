import type { CampaignStatus, RecipientState } from '@bo/contract';
import { Badge } from '@mantine/core';

const CAMPAIGN_COLORS: Record<CampaignStatus, string> = {
  draft: 'gray',
  sending: 'blue',
  sent: 'green',
  cancelled: 'red',
};
const RECIPIENT_COLORS: Record<RecipientState, string> = {
  queued: 'gray',
  sending: 'blue',
  sent: 'green',
  failed: 'red',
  skipped: 'yellow',
};

export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: 'Draft',
  sending: 'Sending',
  sent: 'Sent',
  cancelled: 'Cancelled',
};

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return (
    <Badge color={CAMPAIGN_COLORS[status]} variant="light" tt="none">
      {CAMPAIGN_STATUS_LABELS[status]}
    </Badge>
  );
}

export function RecipientStateBadge({ state }: { state: RecipientState }) {
  return (
    <Badge color={RECIPIENT_COLORS[state]} variant="light" tt="none">
      {state}
    </Badge>
  );
}

import { type MerchantKycStatus, RISK_PROFILE_OPTIONS } from '@bo/contract';
import { Badge } from '@mantine/core';

/** Badge colours of KYC states: green done, yellow waiting, red refused, grey none. */
const KYC_COLOR: Record<MerchantKycStatus, string> = {
  approved: 'green',
  pending: 'yellow',
  'more-info': 'orange',
  rejected: 'red',
  none: 'gray',
};

export function KycBadge({ status }: { status: MerchantKycStatus }) {
  return (
    <Badge
      variant="light"
      color={KYC_COLOR[status]}
      tt="none"
      styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {status}
    </Badge>
  );
}

export const riskLabel = (id: number): string =>
  RISK_PROFILE_OPTIONS.find((o) => o.value === id)?.label ?? String(id);

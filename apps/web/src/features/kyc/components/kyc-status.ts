import type { MerchantKycStatus } from '@bo/contract';

/** Badge colours of KYC states, in the SPEC §4 palette: green done, yellow waiting, red refused, grey none. */
export const KYC_STATUS_COLOR: Record<MerchantKycStatus, string> = {
  approved: 'green',
  pending: 'yellow',
  'more-info': 'orange',
  rejected: 'red',
  none: 'gray',
};

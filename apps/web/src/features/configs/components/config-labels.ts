import type { ConfigStatus } from '@bo/contract';

export const statusColor = (status: ConfigStatus) =>
  ({ draft: 'gray', pending_approval: 'yellow', active: 'green', superseded: 'gray', rejected: 'red' })[
    status
  ];

/** A UTC time as the screens show it: `2026-03-01 10:12 UTC`. */
export const when = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : '');

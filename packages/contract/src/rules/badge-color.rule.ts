/** The four badge colours of SPEC §4. */
export type BadgeColor = 'green' | 'yellow' | 'gray' | 'red';

const COLORS: ReadonlyMap<string, BadgeColor> = new Map(
  Object.entries({
    paid: 'green',
    'payout-completed': 'green',
    'ltr-closed': 'green',
    'vtoken-claimed': 'green',
    reflextrader: 'green',
    'rt-t': 'green',
    'rt-p': 'green',
    swap: 'green',
    yes: 'green',
    'ltr-open': 'yellow',
    'payout-pending': 'yellow',
    underpaid: 'yellow',
    'vtoken-active': 'yellow',
    no: 'yellow',
    waiting: 'gray',
    expired: 'red',
    'ltr-expired': 'red',
    'payout-cancelled': 'red',
    // A cancelled vToken (ADR 0018): the back-office's own state, red as every other cancellation.
    'vtoken-cancelled': 'red',
  } satisfies Record<string, BadgeColor>),
);

/**
 * The badge colour of a status or Yes/No flag (SPEC §4); 'gray' when unknown. Case, surrounding spaces and
 * spaces or underscores instead of hyphens are ignored, because the spec writes 'payout completed' where
 * our slugs say 'payout-completed'.
 */
export const badgeColor = (status: string): BadgeColor => {
  const key = status
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
  return COLORS.get(key) ?? 'gray';
};

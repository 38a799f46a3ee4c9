/** One day of a coin's figures as the anomaly rule needs them. */
export interface AnomalyDay {
  /** Incoming payments that ended that day: paid, underpaid or expired. */
  ended: number;
  expired: number;
  /** Payments confirmed, and their summed seconds from creation to confirmation. */
  confirmed: number;
  confirmSeconds: number;
}

export interface Anomaly {
  kind: 'expired-rate' | 'confirm-time';
  message: string;
}

/** Fewer ended payments than this today say nothing yet; nor a baseline thinner than BASELINE_MIN. */
export const ANOMALY_TODAY_MIN = 10;
export const ANOMALY_BASELINE_MIN = 30;
const CONFIRM_TODAY_MIN = 5;

const pct = (part: number, whole: number) => (whole > 0 ? (100 * part) / whole : 0);
const minutes = (seconds: number) => Math.max(1, Math.round(seconds / 60));

/**
 * Today's spikes against the coin's 30-day baseline (ADR 0017): an expired rate at least twice the usual
 * and 15 points above it (and 20 % or more), or an average confirmation time at least twice the usual and
 * 5 minutes longer. Thin days are left alone, so a quiet coin's one expired payment raises no flag.
 */
export function findAnomalies(coin: string, today: AnomalyDay, baseline: readonly AnomalyDay[]): Anomaly[] {
  const found: Anomaly[] = [];
  const base = baseline.reduce(
    (sum, d) => ({
      ended: sum.ended + d.ended,
      expired: sum.expired + d.expired,
      confirmed: sum.confirmed + d.confirmed,
      confirmSeconds: sum.confirmSeconds + d.confirmSeconds,
    }),
    { ended: 0, expired: 0, confirmed: 0, confirmSeconds: 0 },
  );
  if (today.ended >= ANOMALY_TODAY_MIN && base.ended >= ANOMALY_BASELINE_MIN) {
    const now = pct(today.expired, today.ended);
    const usual = pct(base.expired, base.ended);
    if (now >= 20 && now >= 2 * usual && now - usual >= 15)
      found.push({
        kind: 'expired-rate',
        message: `${coin} expired ${Math.round(now)} % today vs ${Math.round(usual)} % usual: node out of sync?`,
      });
  }
  if (today.confirmed >= CONFIRM_TODAY_MIN && base.confirmed >= ANOMALY_BASELINE_MIN) {
    const now = today.confirmSeconds / today.confirmed;
    const usual = base.confirmSeconds / base.confirmed;
    if (now >= 2 * usual && now - usual >= 300)
      found.push({
        kind: 'confirm-time',
        message: `${coin} payments took ${minutes(now)} min to confirm today vs ${minutes(usual)} min usual: node lagging or fees too low?`,
      });
  }
  return found;
}

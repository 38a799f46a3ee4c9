import { Cron } from 'croner';

/** Refusals of SaveJobSchedule, worded as the brief (operations brief §C, platform-scheduling). */
export const SCHEDULE_MESSAGES = {
  invalid: (why: string) => `Not a valid schedule: ${why}`,
  tooOften: 'Runs more often than once a minute are not allowed',
  timezone: (tz: string) => `Not a valid time zone: ${tz}`,
} as const;

const MINUTE_MS = 60_000;
/** Slots looked at for the minimum interval: enough to see a seconds field or a dense minute list. */
const GAP_SAMPLES = 10;

function cronOf(pattern: string, timezone: string): Cron {
  // paused: the object only computes slots; the runner, not croner, starts runs.
  return new Cron(pattern, { timezone, paused: true });
}

const validTimezone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

/** Why a schedule is refused, or null: croner's own reason, the minimum interval, the time zone. */
export function scheduleRefusal(pattern: string, timezone: string, from: Date): string | null {
  if (!validTimezone(timezone)) return SCHEDULE_MESSAGES.timezone(timezone);
  const fields = pattern.trim().split(/\s+/).length;
  // croner also takes 6 and 7 fields (seconds, year); 5 is what staff write, 6 only to be refused below.
  if (fields < 5 || fields > 6) return SCHEDULE_MESSAGES.invalid('expected 5 or 6 fields');
  let cron: Cron;
  try {
    cron = cronOf(pattern, timezone);
  } catch (error) {
    return SCHEDULE_MESSAGES.invalid(
      (error instanceof Error ? error.message : String(error)).replace(/^CronPattern: /, ''),
    );
  }
  const slots = cron.nextRuns(GAP_SAMPLES, from);
  if (slots.length === 0) return SCHEDULE_MESSAGES.invalid('it never runs');
  for (let i = 1; i < slots.length; i++) {
    const a = slots[i - 1];
    const b = slots[i];
    if (a && b && b.getTime() - a.getTime() < MINUTE_MS) return SCHEDULE_MESSAGES.tooOften;
  }
  return null;
}

/** The first slot strictly after `after`, or null when the pattern has none left. */
export function nextSlot(pattern: string, timezone: string, after: Date): Date | null {
  return cronOf(pattern, timezone).nextRun(after);
}

/** The common patterns in words ("Every 15 minutes"); anything else reads as the pattern itself. */
export function describeSchedule(pattern: string): string {
  const parts = pattern.trim().split(/\s+/);
  if (parts.length !== 5) return pattern;
  const [min, hour, dom, mon, dow] = parts as [string, string, string, string, string];
  const rest = dom === '*' && mon === '*' && dow === '*';
  const two = (v: string) => v.padStart(2, '0');
  if (rest && hour === '*') {
    if (min === '*') return 'Every minute';
    const every = /^\*\/(\d+)$/.exec(min);
    if (every) return `Every ${every[1]} minutes`;
    if (/^\d+$/.test(min)) return `Hourly at :${two(min)}`;
  }
  if (rest && /^\d+$/.test(min) && /^\d+$/.test(hour)) return `Daily at ${two(hour)}:${two(min)}`;
  if (rest && /^\d+$/.test(min) && /^\*\/(\d+)$/.test(hour))
    return `Every ${hour.slice(2)} hours at :${two(min)}`;
  return pattern;
}

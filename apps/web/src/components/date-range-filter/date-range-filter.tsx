import '@mantine/dates/styles.css';
import { DATE_RANGE_MESSAGES, validateDateRange } from '@bo/contract';
import { Group } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useEffect, useState } from 'react';

export { DATE_RANGE_MESSAGES };

/** A day range as calendar days 'YYYY-MM-DD' (UTC); null is open on that side. */
export interface DayRange {
  from: string | null;
  to: string | null;
}

/** Today's calendar day in UTC, the zone the server reads days in. */
export const utcToday = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

export interface DateRangeFilterProps extends DayRange {
  /** Called with a range that passes SPEC §5's checks; a broken range stays on screen with its message. */
  onChange: (range: DayRange) => void;
  fromLabel?: string;
  toLabel?: string;
  /** For tests: the day taken as today. */
  today?: string;
}

/**
 * From/To day pickers in UTC (SPEC §5): days after today cannot be picked, and a broken range (From after
 * To, To after today) says so under the field instead of being applied.
 */
export function DateRangeFilter({
  from,
  to,
  onChange,
  fromLabel = 'From',
  toLabel = 'To',
  today = utcToday(),
}: DateRangeFilterProps) {
  const [range, setRange] = useState<DayRange>({ from, to });
  useEffect(() => setRange({ from, to }), [from, to]);
  const message = validateDateRange(range.from ?? '', range.to ?? '', today);

  const change = (next: DayRange) => {
    setRange(next);
    if (validateDateRange(next.from ?? '', next.to ?? '', today) === null) onChange(next);
  };

  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <DatePickerInput
        label={`${fromLabel} (UTC)`}
        placeholder="Any day"
        valueFormat="YYYY-MM-DD"
        clearable
        maxDate={today}
        value={range.from}
        onChange={(value) => change({ ...range, from: value })}
        error={message === DATE_RANGE_MESSAGES.fromAfterTo ? message : undefined}
        w={170}
      />
      <DatePickerInput
        label={`${toLabel} (UTC)`}
        placeholder="Any day"
        valueFormat="YYYY-MM-DD"
        clearable
        maxDate={today}
        value={range.to}
        onChange={(value) => change({ ...range, to: value })}
        error={message === DATE_RANGE_MESSAGES.toAfterToday ? message : undefined}
        w={170}
      />
    </Group>
  );
}

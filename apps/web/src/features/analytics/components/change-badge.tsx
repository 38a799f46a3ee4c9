import { Text } from '@mantine/core';

/**
 * A change against the previous period: ▲ green up, ▼ red down, with its figure and unit ('%' or ' pp'); a
 * dash when there was nothing to compare with. The arrow carries the direction for readers without colour.
 */
export function ChangeBadge({ value, unit = '%' }: { value: number | null; unit?: string }) {
  if (value === null)
    return (
      <Text span fz="xs" c="dimmed" aria-label="no previous figure to compare">
        new
      </Text>
    );
  const arrow = value > 0 ? '▲' : value < 0 ? '▼' : '=';
  const color = value > 0 ? 'teal.7' : value < 0 ? 'red.7' : 'dimmed';
  return (
    <Text span fz="xs" fw={600} c={color} style={{ whiteSpace: 'nowrap' }}>
      {arrow} {Math.abs(value).toFixed(1)}
      {unit}
    </Text>
  );
}

import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

export interface SearchFieldProps {
  /** The search as the address holds it (already trimmed). */
  value: string;
  /** Called with the trimmed text once typing pauses, or at once when the box is left. */
  onChange: (text: string) => void;
  label?: string;
  placeholder?: string;
  width?: number;
  debounceMs?: number;
}

/**
 * A list screen's search box: the typed text stays put while the list (its address) follows once typing
 * pauses. Leaving the box applies the text at once, so a pause still pending when a row is clicked cannot
 * write the list's address after the row's page opened and take the user back.
 */
export function SearchField({
  value,
  onChange,
  label = 'Search',
  placeholder,
  width = 280,
  debounceMs = 400,
}: SearchFieldProps) {
  const [text, setText] = useState(value);
  const [settled] = useDebouncedValue(text, debounceMs);
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  // The address changed from elsewhere (Reset, Back, a link): the box shows it.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (value !== text.trim()) setText(value);
  }
  // Only a pause in typing passes the text on, compared with the address as it is then: a pause that
  // ends after the box was left, or after the address changed, writes nothing stale.
  useEffect(() => {
    const { value: current, onChange: apply } = latest.current;
    if (settled.trim() !== current) apply(settled.trim());
  }, [settled]);
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={14} />}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      onBlur={() => {
        if (text.trim() !== value) onChange(text.trim());
      }}
      w={width}
    />
  );
}

import type { MerchantRow } from '@bo/contract';
import { Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useAdminQuery } from '../../lib/api/use-call-query';
import { useHasPermission } from '../../lib/session/use-permission';

export interface MerchantFilterProps {
  /** The merchant id the address holds. */
  value: number | undefined;
  /** Called with the chosen merchant's id as text, or null when cleared. */
  onChange: (id: string | null) => void;
  label?: string;
  width?: number;
}

const optionLabel = (m: Pick<MerchantRow, 'ID' | 'ShopTitle'>) =>
  `${m.ShopTitle || 'No shop title'} (#${m.ID})`;

/**
 * A list's merchant filter: a picker that looks merchants up by shop, owner, e-mail or id through the Users
 * list's own call (ListMerchants), keeping the id in the address. Staff who may not read the Users list
 * (view-users) get the id box instead, so the filter never asks for a call the server refuses.
 */
export function MerchantFilter(props: MerchantFilterProps) {
  const canLookUp = useHasPermission('view-users');
  return canLookUp ? <MerchantPicker {...props} /> : <MerchantIdField {...props} />;
}

function MerchantPicker({ value, onChange, label = 'Merchant', width = 260 }: MerchantFilterProps) {
  const [search, setSearch] = useState('');
  // Labels of merchants already seen, so the chosen one keeps its name when the search moves on.
  const known = useRef(new Map<number, string>());
  // A merchant opened by its address alone: its id is a search that finds exactly it.
  const chosen = useAdminQuery(
    'ListMerchants',
    { q: String(value ?? '') },
    {
      enabled: value !== undefined && !known.current.has(value),
      staleTime: 300_000,
      select: (answer) => answer.data.records.find((m) => m.ID === value),
    },
  );
  if (chosen.data) known.current.set(chosen.data.ID, optionLabel(chosen.data));
  const chosenLabel = value === undefined ? null : (known.current.get(value) ?? `#${value}`);
  // The box shows the chosen label once picked: that text is not a search.
  const typed = search.trim() === chosenLabel ? '' : search.trim();
  const [q] = useDebouncedValue(typed, 300);
  const found = useAdminQuery(
    'ListMerchants',
    { q },
    { enabled: q !== '', placeholderData: keepPreviousData, select: (answer) => answer.data.records },
  );
  const records = q === '' ? [] : (found.data ?? []);
  for (const m of records) known.current.set(m.ID, optionLabel(m));
  const emails = new Map(records.map((m) => [String(m.ID), m.Email]));
  const options = [
    ...(value !== undefined && chosenLabel ? [{ value: String(value), label: chosenLabel }] : []),
    ...records.filter((m) => m.ID !== value).map((m) => ({ value: String(m.ID), label: optionLabel(m) })),
  ];
  return (
    <Select
      label={label}
      placeholder="Shop, e-mail or ID"
      searchable
      clearable
      data={options}
      value={value === undefined ? null : String(value)}
      onChange={onChange}
      searchValue={search}
      onSearchChange={setSearch}
      // The server matched the text (e-mail and owner too): the options are not filtered again by label.
      filter={({ options: all }) => all}
      nothingFoundMessage={q !== '' && found.isSuccess ? 'No merchant matches' : undefined}
      renderOption={({ option }) => (
        <Stack gap={0}>
          <Text fz="sm">{option.label}</Text>
          {emails.get(option.value) ? (
            <Text fz="xs" c="dimmed">
              {emails.get(option.value)}
            </Text>
          ) : null}
        </Stack>
      )}
      w={width}
    />
  );
}

/** A merchant id, applied once it is a number (or cleared). */
function MerchantIdField({ value, onChange }: MerchantFilterProps) {
  const [text, setText] = useState(value === undefined ? '' : String(value));
  useEffect(() => setText(value === undefined ? '' : String(value)), [value]);
  return (
    <TextInput
      label="Merchant ID"
      placeholder="Any"
      inputMode="numeric"
      value={text}
      onChange={(event) => {
        const next = event.currentTarget.value.replace(/\D/g, '').slice(0, 9);
        setText(next);
        onChange(next === '' ? null : next);
      }}
      w={120}
    />
  );
}

import { Button, MultiSelect, Select, TagsInput } from '@mantine/core';
import type { z } from 'zod';
import { DateRangeFilter } from '../date-range-filter/date-range-filter';
import type { UrlParams, UrlPatch } from '../url-params/use-url-params';
import { MerchantFilter } from './merchant-filter';
import { SearchField } from './search-field';

export interface FilterOption {
  value: string;
  label: string;
}

/**
 * One filter of a list screen, named by the URL key(s) it keeps its value in (the list call's params, so
 * links and saved views read the same keys).
 */
export type FilterDef<K extends string> =
  /** The search box: typed text stays, the address follows once typing pauses. */
  | { kind: 'search'; key: K; placeholder: string }
  /** One value of a list, or Any. */
  | {
      kind: 'select';
      key: K;
      label: string;
      options: readonly FilterOption[];
      searchable?: boolean;
      width: number;
    }
  /** Any number of values of a list. */
  | { kind: 'multi-select'; key: K; label: string; options: readonly FilterOption[]; width: number }
  /** Free values, with suggestions. */
  | { kind: 'tags'; key: K; label: string; suggestions: readonly string[]; width: number }
  /** From/To days in UTC. */
  | { kind: 'date-range'; from: K; to: K; fromLabel?: string; toLabel?: string }
  /**
   * A named range (Today, Last 30 days…) that cannot be emptied; its `custom` value shows the From/To days,
   * and any other choice drops them.
   */
  | {
      kind: 'range-preset';
      key: K;
      label: string;
      options: readonly FilterOption[];
      custom: string;
      from: K;
      to: K;
      width: number;
    }
  /** A merchant, looked up by name, e-mail or id; the id goes in the address. */
  | { kind: 'merchant'; key: K; label?: string };

type Shape = z.ZodObject;

export interface FilterBarProps<S extends Shape> {
  /** The screen's URL state (`useUrlParams(ADMIN_CALLS.X.params)`). */
  url: UrlParams<S>;
  /** The filters, in the order they are laid out; a Reset button follows them. */
  filters: readonly FilterDef<Extract<keyof z.output<S>, string>>[];
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : '');
const asOne = (value: unknown): string | null =>
  value === undefined || value === null || value === '' ? null : String(value);
const asMany = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);
const asId = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/**
 * A list screen's filters as declarations (ADR 0013): each is drawn from its kind and reads and writes its
 * URL keys through `useUrlParams`, so a change starts the list again from page 1 and Reset clears them all.
 * Sits in `ListScreen`'s `filters` row.
 */
export function FilterBar<S extends Shape>({ url, filters }: FilterBarProps<S>) {
  const values = (url.params ?? {}) as Record<string, unknown>;
  const set = (patch: Record<string, string | readonly string[] | null>) => url.set(patch as UrlPatch<S>);
  return (
    <>
      {filters.map((filter) => {
        switch (filter.kind) {
          case 'search':
            return (
              <SearchField
                key={filter.key}
                placeholder={filter.placeholder}
                value={asText(values[filter.key])}
                onChange={(text) => set({ [filter.key]: text })}
              />
            );
          case 'select':
            return (
              <Select
                key={filter.key}
                label={filter.label}
                placeholder="Any"
                clearable
                searchable={filter.searchable}
                data={[...filter.options]}
                value={asOne(values[filter.key])}
                onChange={(next) => set({ [filter.key]: next })}
                w={filter.width}
              />
            );
          case 'multi-select': {
            const chosen = asMany(values[filter.key]);
            return (
              <MultiSelect
                key={filter.key}
                label={filter.label}
                placeholder={chosen.length ? undefined : 'Any'}
                data={[...filter.options]}
                value={chosen}
                onChange={(next) => set({ [filter.key]: next })}
                clearable
                w={filter.width}
              />
            );
          }
          case 'tags': {
            const chosen = asMany(values[filter.key]);
            return (
              <TagsInput
                key={filter.key}
                label={filter.label}
                placeholder={chosen.length ? undefined : 'Any'}
                data={[...filter.suggestions]}
                value={chosen}
                onChange={(next) => set({ [filter.key]: next })}
                clearable
                w={filter.width}
              />
            );
          }
          case 'date-range':
            return (
              <DateRangeFilter
                key={filter.from}
                fromLabel={filter.fromLabel}
                toLabel={filter.toLabel}
                from={asOne(values[filter.from])}
                to={asOne(values[filter.to])}
                onChange={({ from, to }) => set({ [filter.from]: from, [filter.to]: to })}
              />
            );
          case 'range-preset': {
            const range = asOne(values[filter.key]);
            return [
              <Select
                key={filter.key}
                label={filter.label}
                data={[...filter.options]}
                value={range}
                allowDeselect={false}
                onChange={(next) => set({ [filter.key]: next, [filter.from]: null, [filter.to]: null })}
                w={filter.width}
              />,
              range === filter.custom ? (
                <DateRangeFilter
                  key={filter.from}
                  from={asOne(values[filter.from])}
                  to={asOne(values[filter.to])}
                  onChange={({ from, to }) => set({ [filter.from]: from, [filter.to]: to })}
                />
              ) : null,
            ];
          }
          case 'merchant':
            return (
              <MerchantFilter
                key={filter.key}
                label={filter.label}
                value={asId(values[filter.key])}
                onChange={(id) => set({ [filter.key]: id })}
              />
            );
          default:
            return null;
        }
      })}
      <Button variant="default" onClick={() => url.reset()} style={{ alignSelf: 'flex-end' }}>
        Reset
      </Button>
    </>
  );
}

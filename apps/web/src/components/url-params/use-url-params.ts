import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

type Shape = z.ZodObject;

/** A value the address can hold; null (or undefined) removes the key. */
type UrlValue = string | number | boolean | Date | readonly (string | number)[] | null | undefined;

/** A change of URL state: any of the schema's keys, in their input or output form. */
export type UrlPatch<S extends Shape> = { [K in keyof z.input<S>]?: UrlValue };

/** A key whose address value could not be read: it fell back to its default. */
export interface UrlProblem {
  key: string;
  value: string;
  message: string;
}

export interface UrlParams<S extends Shape> {
  /**
   * The params as the schema reads them, defaults filled in. `null` only when a key without a default is
   * missing or unreadable (the type says so: a schema whose every key is optional never gives null).
   */
  params: object extends z.input<S> ? z.output<S> : z.output<S> | null;
  /** Address values that were dropped for their defaults, with the schema's message. */
  problems: UrlProblem[];
  /**
   * Changes some keys. A change that is not of `page` starts again from page 1; a value equal to its default
   * leaves the address. `push` adds a history entry (default: replace, so filters do not flood Back);
   * `clear` drops the schema's other keys first (a new subject, e.g. another coin).
   */
  set: (patch: UrlPatch<S>, options?: { push?: boolean; keepPage?: boolean; clear?: boolean }) => void;
  /** Removes every key of the schema from the address. */
  reset: () => void;
}

const toStrings = (value: UrlValue): string[] => {
  if (value === null || value === undefined || value === '') return [];
  if (value instanceof Date) return [value.toISOString()];
  if (Array.isArray(value)) return value.map(String);
  return [String(value)];
};

const isArraySchema = (schema: z.ZodType, depth = 0): boolean => {
  // Unwrap default/optional/pipe layers to see whether the key holds a list. A pipe is a list when either
  // end is: `z.preprocess(split, z.array(…))` (a comma list from the server's point of view) is a transform
  // into an array, and its repeated keys in the address must all be read.
  const def = (schema as { def?: { type?: string; innerType?: z.ZodType; in?: z.ZodType; out?: z.ZodType } })
    .def;
  if (!def || depth > 8) return false;
  if (def.type === 'array') return true;
  if (def.innerType) return isArraySchema(def.innerType, depth + 1);
  return (
    (def.in !== undefined && isArraySchema(def.in, depth + 1)) ||
    (def.out !== undefined && isArraySchema(def.out, depth + 1))
  );
};

/** The raw address values of the schema's keys: lists for array keys, else the first non-empty value. */
const readRaw = (schema: Shape, search: URLSearchParams): Record<string, string | string[]> => {
  const raw: Record<string, string | string[]> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const values = search.getAll(key).filter((v) => v.trim() !== '');
    if (values.length === 0) continue;
    raw[key] = isArraySchema(field as z.ZodType) ? values : (values[0] as string);
  }
  return raw;
};

/**
 * Reads the address with the schema, dropping each unreadable key for its default (one policy for every
 * screen: a bad link still opens the screen, and `problems` says what was ignored).
 */
export function parseUrlParams<S extends Shape>(
  schema: S,
  search: URLSearchParams,
): { params: z.output<S> | null; problems: UrlProblem[] } {
  const raw = readRaw(schema, search);
  const problems: UrlProblem[] = [];
  for (let attempt = 0; attempt <= Object.keys(schema.shape).length; attempt++) {
    const parsed = schema.safeParse(raw);
    if (parsed.success) return { params: parsed.data, problems };
    const dropped = parsed.error.issues
      .map((issue) => ({ key: String(issue.path[0] ?? ''), message: issue.message }))
      .filter(({ key }) => key in raw);
    if (dropped.length === 0) return { params: null, problems };
    for (const { key, message } of dropped) {
      if (!(key in raw)) continue;
      problems.push({ key, value: String(raw[key]), message });
      delete raw[key];
    }
  }
  return { params: null, problems };
}

/** The address value a key takes when it is absent, as strings; a value equal to it is left out. */
const defaultStrings = (field: z.ZodType): string[] | null => {
  const parsed = field.safeParse(undefined);
  return parsed.success ? toStrings(parsed.data as UrlValue) : null;
};

const sameStrings = (a: string[], b: string[] | null): boolean =>
  b !== null && a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * All list and filter state of a screen in the address (page, sort, filters, search), read with a zod
 * object schema, usually the list call's own params (`ADMIN_CALLS.X.params`) so the address is checked as
 * the server checks it. Keys outside the schema are left alone.
 */
export function useUrlParams<S extends Shape>(schema: S): UrlParams<S> {
  const [search, setSearch] = useSearchParams();
  const key = search.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address string stands for `search`
  const { params, problems } = useMemo(() => parseUrlParams(schema, search), [schema, key]);

  const set: UrlParams<S>['set'] = (patch, options = {}) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (options.clear) for (const name of Object.keys(schema.shape)) next.delete(name);
        for (const [name, value] of Object.entries(patch as Record<string, UrlValue>)) {
          next.delete(name);
          const field = schema.shape[name] as z.ZodType | undefined;
          const values = toStrings(value);
          if (field && sameStrings(values, defaultStrings(field))) continue;
          for (const v of values) next.append(name, v);
        }
        if ('page' in schema.shape && !('page' in patch) && !options.keepPage) next.delete('page');
        return next;
      },
      { replace: !options.push },
    );

  const reset = () =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const name of Object.keys(schema.shape)) next.delete(name);
        return next;
      },
      { replace: true },
    );

  return { params: params as UrlParams<S>['params'], problems, set, reset };
}

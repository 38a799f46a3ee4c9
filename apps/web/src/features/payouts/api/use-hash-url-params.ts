import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { parseUrlParams } from '../../../components/url-params/use-url-params';

type Shape = z.ZodObject;
type Patch = Record<string, unknown>;

const defaultOf = (field: z.ZodType): string | null => {
  const parsed = field.safeParse(undefined);
  return parsed.success && parsed.data !== undefined ? String(parsed.data) : null;
};

/**
 * The screen's list state in the address, like useUrlParams, but keeping the address's hash: Pending
 * Payouts lives at `payouts#pending` (SPEC §2.1), and a search-only navigation would drop `#pending` and
 * show Payout Schemas instead.
 */
export function useHashUrlParams<S extends Shape>(schema: S) {
  const location = useLocation();
  const navigate = useNavigate();
  const { params } = useMemo(
    () => parseUrlParams(schema, new URLSearchParams(location.search)),
    [schema, location.search],
  );
  const go = (next: URLSearchParams, push: boolean) => {
    const search = next.toString();
    void navigate({ search: search ? `?${search}` : '', hash: location.hash }, { replace: !push });
  };
  return {
    params: params as z.output<S>,
    set(patch: Patch, options: { push?: boolean; keepPage?: boolean } = {}) {
      const next = new URLSearchParams(location.search);
      for (const [name, value] of Object.entries(patch)) {
        next.delete(name);
        if (value === null || value === undefined || value === '') continue;
        const field = schema.shape[name] as z.ZodType | undefined;
        if (field && defaultOf(field) === String(value)) continue;
        next.set(name, String(value));
      }
      if (!('page' in patch) && !options.keepPage) next.delete('page');
      go(next, options.push ?? false);
    },
    reset() {
      const next = new URLSearchParams(location.search);
      for (const name of Object.keys(schema.shape)) next.delete(name);
      go(next, false);
    },
  };
}

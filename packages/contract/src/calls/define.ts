import { z } from 'zod';
import type { CallAccess, CallDef } from './call';

/** A call as an area writes it: path and call name are filled in by `adminCalls`. */
export interface CallSpec<P extends z.ZodType = z.ZodType, D extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST';
  access: CallAccess;
  params: P;
  data: D;
  exportable?: boolean;
  /** A multipart upload: the file in the body, the params in the query (see `upload`). */
  multipart?: boolean;
}

/** A read: GET never changes state (DESIGN §2). */
export const get = <P extends z.ZodType, D extends z.ZodType>(
  access: CallAccess,
  params: P,
  data: D,
): CallSpec<P, D> => ({ method: 'GET', access, params, data });

/** A list staff may also download whole as CSV, with the filters they set (see `exportRequestSchema`). */
export const list = <P extends z.ZodType, D extends z.ZodType>(
  access: CallAccess,
  params: P,
  data: D,
): CallSpec<P, D> => ({ method: 'GET', access, params, data, exportable: true });

/** A change: POST only, CSRF-guarded and audited on the server (DESIGN §2). */
export const post = <P extends z.ZodType, D extends z.ZodType>(
  access: CallAccess,
  params: P,
  data: D,
): CallSpec<P, D> => ({ method: 'POST', access, params, data });

/**
 * A file upload: POST, CSRF-guarded and audited like any change, its body multipart/form-data with the file,
 * its params in the query (a multipart body's text fields are not parsed as the call's params).
 */
export const upload = <P extends z.ZodType, D extends z.ZodType>(
  access: CallAccess,
  params: P,
  data: D,
): CallSpec<P, D> => ({ method: 'POST', access, params, data, multipart: true });

type AdminDefs<T extends Record<string, CallSpec>> = {
  [K in keyof T & string]: CallDef<T[K]['params'], T[K]['data']> & {
    method: T[K]['method'];
    path: '/';
    call: K;
  };
};

/**
 * An area's admin calls (`?Call=X` on the admin service's one path): each gets path `/` and its own key as
 * its Call name, so the two can never differ. Areas are spread into ADMIN_CALLS.
 */
export const adminCalls = <T extends Record<string, CallSpec>>(specs: T): AdminDefs<T> =>
  Object.fromEntries(
    Object.entries(specs).map(([name, spec]) => [name, { ...spec, path: '/', call: name }]),
  ) as AdminDefs<T>;

/** Where a page sits in its list: the standard list answer's `meta`. */
export const pageMetaSchema = z.object({
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
  page: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** The standard list answer for calls the SPEC leaves unnamed: one page of rows and where it sits. */
export const pageOf = <R extends z.ZodType>(row: R) =>
  z.object({ records: z.array(row), meta: pageMetaSchema });
export type Page<R> = { records: R[]; meta: PageMeta };

/** Deepest page a list may be asked for: far beyond anyone's paging, small enough for an indexed OFFSET. */
export const MAX_PAGE = 100_000;
/** Largest page a list may be asked for (exports stream instead, see ExportList). */
export const MAX_PAGE_SIZE = 100;

/**
 * The standard list params: page (from 1), limit, a sort column from the list's own and an order. The
 * first sort key is the default; spread into the call's params object.
 */
export const pageParams = <S extends readonly [string, ...string[]]>(
  sort: S,
  options: { pageSize: number; order?: 'asc' | 'desc' },
) => ({
  page: z.coerce
    .number({ error: 'The page must be a number' })
    .int('The page must be a whole number')
    .min(1, 'The page starts at 1')
    .max(MAX_PAGE, `The page must be at most ${MAX_PAGE}`)
    .default(1),
  limit: z.coerce
    .number({ error: 'The page size must be a number' })
    .int('The page size must be a whole number')
    .min(1, 'The page size must be at least 1')
    .max(MAX_PAGE_SIZE, `The page size must be at most ${MAX_PAGE_SIZE}`)
    .default(options.pageSize),
  sort: z.enum(sort, `Sort by one of ${sort.join(', ')}`).default(sort[0] as S[number]),
  order: z.enum(['asc', 'desc'], 'The order must be asc or desc').default(options.order ?? 'desc'),
});

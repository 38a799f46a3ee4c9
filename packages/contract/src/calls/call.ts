import type { z } from 'zod';
import type { PermissionSlug } from '../auth/permissions';

/**
 * Who may make a call: anyone (`public`), any signed-in staff member (`login`), or holders of a slug.
 * The server enforces it on every call; the web app uses it only to decide what to show.
 */
export type CallAccess = 'public' | 'login' | PermissionSlug;

export interface CallDef<P extends z.ZodType = z.ZodType, D extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST';
  access: CallAccess;
  params: P;
  data: D;
  /** Path under the service prefix; admin calls all share `/` and are told apart by `?Call=`. */
  path: string;
  /** The `Call` query value, where the path alone does not name the call. */
  call?: string;
  /**
   * A list staff may download as CSV (ExportList): the server streams every row the params select, page by
   * page, with the columns the screen shows.
   */
  exportable?: boolean;
  /** A multipart upload: the file in the body, the params in the query (define.ts `upload`). */
  multipart?: boolean;
}

export type ParamsOf<C extends CallDef> = z.input<C['params']>;
export type DataOf<C extends CallDef> = z.infer<C['data']>;

export const defineCall = <P extends z.ZodType, D extends z.ZodType>(def: CallDef<P, D>): CallDef<P, D> =>
  def;

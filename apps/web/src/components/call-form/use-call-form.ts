import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import type { FormEvent } from 'react';
import type { z } from 'zod';
import { isApiError } from '../../lib/api/api-error';

type Values = Record<string, unknown>;

/** Field messages of a refused call (`data.issues[{ path, message }]`, a 400 of the server or the client). */
export const fieldIssues = (error: unknown): Record<string, string> => {
  if (!isApiError(error)) return {};
  const issues = (error.data as { issues?: unknown } | null)?.issues;
  if (!Array.isArray(issues)) return {};
  const errors: Record<string, string> = {};
  for (const issue of issues as { path?: unknown; message?: unknown }[]) {
    if (typeof issue.path !== 'string' || typeof issue.message !== 'string' || issue.path === '') continue;
    errors[issue.path] ??= issue.message;
  }
  return errors;
};

export interface CallForm<V extends Values> {
  form: UseFormReturnType<V>;
  /**
   * The form's submit handler: validates with the schema, then runs `send` (usually a mutation's
   * `mutateAsync`). A refusal with field issues puts each message under its field; what was typed stays.
   */
  onSubmit: (send: (values: V) => Promise<unknown>) => (event?: FormEvent<HTMLFormElement>) => void;
  /** Puts a refused call's field messages on the form; true when at least one field took one. */
  showServerErrors: (error: unknown) => boolean;
}

/**
 * @mantine/form validated by a contract zod schema (usually `ADMIN_CALLS.X.params`), so the messages are the
 * contract's and never re-typed. The server's 400 field issues land on the same fields.
 */
export function useCallForm<S extends z.ZodType<unknown, Values>>(
  schema: S,
  initialValues: z.input<S>,
): CallForm<z.input<S>> {
  const form = useForm<z.input<S>>({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(schema, { sync: true }),
  });
  const showServerErrors = (error: unknown): boolean => {
    const errors = fieldIssues(error);
    const known = Object.fromEntries(
      Object.entries(errors).filter(
        ([path]) => (path.split('.')[0] as string) in (form.getValues() as Values),
      ),
    );
    form.setErrors(known);
    return Object.keys(known).length > 0;
  };
  return {
    form,
    showServerErrors,
    onSubmit: (send) =>
      form.onSubmit(async (values) => {
        try {
          await send(values);
        } catch (error) {
          showServerErrors(error);
        }
      }),
  };
}

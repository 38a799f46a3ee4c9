import {
  addressBookSchema,
  MERCHANT_EDITABLE_FIELDS,
  MERCHANT_FIELDS,
  MERCHANT_TABS,
  type MerchantEditableField,
  type MerchantTabId,
  merchantEditableSchema,
  type UpdateMerchantParams,
  type UserDetail,
} from '@bo/contract';
import { z } from 'zod';

export const ADDRESS_BOOK_JSON_MESSAGE = 'The address book must be valid JSON';

/**
 * The form's schema: the contract's record rules, with the address book typed as JSON text and read with the
 * contract's address book rules (so its messages are the contract's).
 */
export const merchantFormSchema = merchantEditableSchema.extend({
  AddressBook: z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: ADDRESS_BOOK_JSON_MESSAGE });
        return z.NEVER;
      }
    })
    .pipe(addressBookSchema),
});
export type MerchantFormValues = z.input<typeof merchantFormSchema>;

/** Text inputs show an empty box for a field the record keeps as null. */
const isTextKind = (field: MerchantEditableField): boolean =>
  ['text', 'email', 'url', 'decimal', 'date', 'country', 'secret'].includes(
    MERCHANT_FIELDS[field].input.kind,
  );

/** The record as the form's values: nulls of text fields as '', the address book as indented JSON. */
export const toFormValues = (record: UserDetail): MerchantFormValues => {
  const values: Record<string, unknown> = {};
  for (const field of MERCHANT_EDITABLE_FIELDS) {
    const value = record[field];
    values[field] =
      field === 'AddressBook'
        ? JSON.stringify(value, null, 2)
        : isTextKind(field) && (value === null || value === undefined)
          ? ''
          : value;
  }
  return values as MerchantFormValues;
};

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The fields whose value differs from the record's. */
export const changedFieldNames = (
  values: MerchantFormValues,
  initial: MerchantFormValues,
): MerchantEditableField[] =>
  MERCHANT_EDITABLE_FIELDS.filter((field) =>
    field === 'AddressBook'
      ? !same(safeJson(values.AddressBook), safeJson(initial.AddressBook))
      : !same(values[field], initial[field]),
  );

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** UpdateMerchant's params: the record, the version the form was made against, and only the changed fields. */
export const updateParams = (
  id: number,
  version: number,
  values: MerchantFormValues,
  initial: MerchantFormValues,
): UpdateMerchantParams => {
  const params: Record<string, unknown> = { ID: id, ExpectedVersion: version };
  for (const field of changedFieldNames(values, initial))
    params[field] = field === 'AddressBook' ? JSON.parse(values.AddressBook) : values[field];
  return params as UpdateMerchantParams;
};

/** The tab holding a field (an error path such as 'AddressBook.transferwise' is its first segment's). */
export const tabOfField = (path: string): MerchantTabId | undefined => {
  const field = path.split('.')[0];
  return MERCHANT_TABS.find((tab) => (tab.fields as readonly string[]).includes(field ?? ''))?.id;
};

/** The tab of the first field with an error, in the tabs' order. */
export const firstErrorTab = (errors: Record<string, unknown>): MerchantTabId | undefined => {
  const paths = Object.keys(errors).filter((path) => errors[path]);
  for (const tab of MERCHANT_TABS)
    if (paths.some((path) => (tab.fields as readonly string[]).includes(path.split('.')[0] ?? '')))
      return tab.id;
  return paths.length > 0 ? tabOfField(paths[0] ?? '') : undefined;
};

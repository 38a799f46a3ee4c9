import { MERCHANT_FIELDS, type MerchantEditableField, type Option, optionLabel } from '@bo/contract';
import { NumberInput, PasswordInput, Select, Switch, TagsInput, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { MerchantFormValues } from './merchant-form';

interface MerchantFieldProps {
  field: MerchantEditableField;
  form: UseFormReturnType<MerchantFormValues>;
  disabled: boolean;
  product: string;
}

/** The first message under a field or any of its parts (the address book's lists and entries). */
const errorOf = (form: UseFormReturnType<MerchantFormValues>, field: string) =>
  form.errors[field] ??
  Object.entries(form.errors).find(([path, message]) => path.startsWith(`${field}.`) && message)?.[1];

/** One field of the merchant record, rendered from its declaration (MERCHANT_FIELDS). */
export function MerchantField({ field, form, disabled, product }: MerchantFieldProps) {
  const { label, input } = MERCHANT_FIELDS[field];
  const props = form.getInputProps(field);
  const value = form.getValues()[field] as unknown;
  const error = errorOf(form, field);
  const set = (next: unknown) => form.setFieldValue(field, next as never);
  switch (input.kind) {
    case 'flag': {
      const checked = value === true;
      const shown = input.options.find((o) => o.value === checked)?.label ?? (checked ? 'Yes' : 'No');
      return (
        <Switch
          label={label}
          description={shown}
          checked={checked}
          onChange={(event) => set(event.currentTarget.checked)}
          error={error}
          disabled={disabled}
        />
      );
    }
    case 'select': {
      const options = input.options as readonly Option<string | number>[];
      return (
        <Select
          label={label}
          data={options.map((o) => ({ value: String(o.value), label: optionLabel(o, product) }))}
          value={value === null || value === undefined ? null : String(value)}
          onChange={(next) => set(options.find((o) => String(o.value) === next)?.value ?? null)}
          error={error}
          disabled={disabled}
          allowDeselect={false}
        />
      );
    }
    case 'coins':
      return (
        <TagsInput
          label={label}
          description="Coin ids; Enter after each"
          value={((value as number[] | undefined) ?? []).map(String)}
          onChange={(tags) => set(tags.map(Number).filter((id) => Number.isInteger(id) && id > 0))}
          error={error}
          disabled={disabled}
        />
      );
    case 'address-book':
      return (
        <Textarea
          label={label}
          description='JSON: {"transferwise": [...], "crypto": [...]}, one "default": true in each list'
          autosize
          minRows={6}
          maxRows={20}
          styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
          {...props}
          error={error}
          disabled={disabled}
        />
      );
    case 'decimal':
      return (
        <NumberInput
          label={label}
          decimalScale={8}
          min={0}
          hideControls
          value={(value as string | number | undefined) ?? ''}
          onChange={(next) => set(String(next))}
          error={error}
          disabled={disabled}
        />
      );
    case 'secret':
      return <PasswordInput label={label} {...props} error={error} disabled={disabled} />;
    default:
      return (
        <TextInput
          label={label}
          type={input.kind === 'email' ? 'email' : input.kind === 'url' ? 'url' : 'text'}
          placeholder={input.kind === 'date' ? 'YYYY-MM-DD' : input.kind === 'country' ? 'NL' : undefined}
          {...props}
          error={error}
          disabled={disabled}
        />
      );
  }
}

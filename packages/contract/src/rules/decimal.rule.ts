/** The message template of SPEC §5, with vee-validate's `{_field_}` placeholder. */
export const DECIMAL_MESSAGE_TEMPLATE = 'The {_field_} field must contain only decimal values';

/**
 * The decimal rule of SPEC §5: optional sign, digits, an optional fraction (at most `maxFractionDigits`
 * digits when given; 0 forbids a fraction) and an optional exponent. At least one mantissa digit is needed,
 * so '.5' passes but '', '-', '5.' and '.' fail; whitespace is not trimmed, so the stored value is exact.
 * Throws RangeError for a negative or fractional `maxFractionDigits`.
 */
export const isDecimal = (value: string, maxFractionDigits?: number): boolean => {
  if (
    maxFractionDigits !== undefined &&
    (!Number.isSafeInteger(maxFractionDigits) || maxFractionDigits < 0)
  ) {
    throw new RangeError(`Invalid maxFractionDigits: ${maxFractionDigits}`);
  }
  const fraction =
    maxFractionDigits === undefined ? '\\d+' : maxFractionDigits === 0 ? null : `\\d{1,${maxFractionDigits}}`;
  const mantissa = fraction === null ? '\\d+' : `(?:\\d+(?:\\.${fraction})?|\\.${fraction})`;
  return new RegExp(`^[-+]?${mantissa}(?:[eE][-+]?\\d+)?$`).test(value);
};

/** The decimal rule's message for a field, e.g. 'The Amount field must contain only decimal values'. */
export const decimalMessage = (field: string): string =>
  // A replacer function, because a replacement string would expand patterns such as '$&' in the name.
  DECIMAL_MESSAGE_TEMPLATE.replace('{_field_}', () => field);

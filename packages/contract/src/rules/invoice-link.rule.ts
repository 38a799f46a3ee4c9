/**
 * A payment's invoice link from the deployment's template (SPEC §2.6 row action): `{ref}` becomes the
 * reference ('T000001234') and `{security}` the security key, both URL-encoded.
 */
export const invoiceLink = (template: string, ref: string, security: string): string =>
  template
    .replaceAll('{ref}', encodeURIComponent(ref))
    .replaceAll('{security}', encodeURIComponent(security));

import { useMainQuery } from '../api/use-call-query';

/** Shown until the server's Config arrives, and if it never does. */
export const FALLBACK_PRODUCT_NAME = 'Back-office';

/** Public product settings (GET /Config); they do not change while the page lives. */
export const useProductConfig = () => useMainQuery('Config', {}, { staleTime: Number.POSITIVE_INFINITY });

export const useProductName = (): string => useProductConfig().data?.productName ?? FALLBACK_PRODUCT_NAME;

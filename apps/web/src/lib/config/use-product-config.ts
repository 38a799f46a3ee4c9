import { PRODUCT_CONFIG_ELEMENT_ID, type PublicConfig } from '@bo/contract';
import { useEffect } from 'react';
import { create } from 'zustand';
import { loadCallTables, mainCall } from '../api/main-client';

/** Shown until the server's Config arrives, and if it never does. */
export const FALLBACK_PRODUCT_NAME = 'Back-office';

/** The Config answer the server wrote into the page (apps/server/src/plugins/web-app.ts), unchecked. */
const readEmbeddedConfig = (): unknown => {
  const text = document.getElementById(PRODUCT_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

/** Read once; a page's block does not change while it lives. */
let embedded: { value: unknown } | null = null;
const embeddedConfig = (): unknown => {
  embedded ??= { value: readEmbeddedConfig() };
  return embedded.value;
};

/**
 * The product name as the page carries it: the login page shows it at its first paint without a request
 * and without the contract's schemas (ADR 0012). Only this one string is read before the settings are
 * checked against the contract; a page without the block (the Vite dev server) asks the Config call.
 */
const embeddedProductName = (): string | null => {
  const config = embeddedConfig();
  return typeof config === 'object' && config !== null && 'productName' in config
    ? typeof config.productName === 'string'
      ? config.productName
      : null
    : null;
};

/** Public product settings, checked against the contract; they do not change while the page lives. */
const useConfigStore = create<{ config: PublicConfig | null }>(() => ({ config: null }));

let request: Promise<void> | null = null;

/** The page's settings checked with the Config call's schema, or (when it has none that pass) the call. */
const fetchConfig = async (): Promise<PublicConfig> => {
  const { MAIN_CALLS } = await loadCallTables();
  const parsed = MAIN_CALLS.Config.data.safeParse(embeddedConfig());
  return parsed.success ? parsed.data : mainCall('Config', {});
};

const loadProductConfig = (): Promise<void> => {
  if (request) return request;
  const asked: Promise<void> = fetchConfig().then(
    (config) => {
      // An answer to a request that was reset meanwhile is not the current one.
      if (request === asked) useConfigStore.setState({ config });
    },
    () => {
      // The fallback name stays; the next screen that needs the settings asks again.
      if (request === asked) request = null;
    },
  );
  request = asked;
  return asked;
};

/** Forgets the settings and the page's block, so the next reader reads and asks again (tests start afresh). */
export const resetProductConfig = (): void => {
  request = null;
  embedded = null;
  useConfigStore.setState({ config: null });
};

/** The public settings, or null until they are in (or when the server could not be asked). */
export const useProductConfig = (): PublicConfig | null => {
  const config = useConfigStore((s) => s.config);
  useEffect(() => {
    if (!config) void loadProductConfig();
  }, [config]);
  return config;
};

/** The product name: the page's own at once, the checked settings' when they are in. */
export const useProductName = (): string => {
  const checked = useConfigStore((s) => s.config?.productName);
  const fromPage = embeddedProductName();
  useEffect(() => {
    if (fromPage === null && !checked) void loadProductConfig();
  }, [fromPage, checked]);
  return checked ?? fromPage ?? FALLBACK_PRODUCT_NAME;
};

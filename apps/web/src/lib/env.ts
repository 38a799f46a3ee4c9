import { ADMIN_SERVICE_PREFIX, MAIN_SERVICE_PREFIX } from '@bo/contract';

// The only reader of import.meta.env in the web app (lint-enforced by convention, see README).
const read = (value: unknown, fallback: string): string =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().replace(/\/+$/, '') : fallback;

/** Build-time settings of the web app; every service defaults to the same origin. */
export const env = {
  mainApiBase: read(import.meta.env.VITE_MAIN_API_BASE, MAIN_SERVICE_PREFIX),
  adminApiBase: read(import.meta.env.VITE_ADMIN_API_BASE, ADMIN_SERVICE_PREFIX),
  isDev: import.meta.env.DEV,
} as const;

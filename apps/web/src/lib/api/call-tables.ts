// The contract's whole call tables, with zod's full API. Only ever imported dynamically (loadCallTables), so
// they load with the first call beyond BOOT_CALLS instead of with the login page.
export { ADMIN_CALLS, MAIN_CALLS } from '@bo/contract';

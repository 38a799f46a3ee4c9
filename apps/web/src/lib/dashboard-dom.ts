/**
 * The dashboard's keyword box. F2 (SPEC §2.6 item 5) focuses it from the dashboard page, which composes the
 * transactions section of another feature; an element id is the one thing both may share.
 */
export const DASHBOARD_KEYWORD_INPUT_ID = 'dashboard-keyword';

/** The path of the public unsubscribe page; the token follows. */
export const UNSUBSCRIBE_PATH = '/unsubscribe';

/**
 * The route its GET and its one-click POST answer on. Kept apart from the service so the CSRF guard can
 * name the one POST it lets through without loading the marketing module.
 */
export const UNSUBSCRIBE_ROUTE = `${UNSUBSCRIBE_PATH}/:token`;

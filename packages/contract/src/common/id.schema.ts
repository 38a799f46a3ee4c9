/**
 * The largest value of PostgreSQL's `integer`, the type of the ids of merchants, alt coins, failure records
 * and staff accounts. A param naming one of those is bounded by it, so an oversized id is refused as bad
 * input instead of failing in the database ('value out of range for type integer').
 */
export const PG_INTEGER_MAX = 2_147_483_647;

import type { AdminCallName, MainCallName } from '@bo/contract';

export type Service = 'main' | 'admin';

/**
 * The one place query keys are built: [service, callName, params]. Keys cannot drift from the
 * contract because the name is a contract call name.
 */
export function queryKey(
  service: 'main',
  name: MainCallName,
  params?: object,
): readonly [Service, string, object];
export function queryKey(
  service: 'admin',
  name: AdminCallName,
  params?: object,
): readonly [Service, string, object];
export function queryKey(
  service: Service,
  name: string,
  params: object = {},
): readonly [Service, string, object] {
  return [service, name, params] as const;
}

/** The key prefix of every query of one admin call, whatever its params: what a change invalidates. */
export const callKey = (name: AdminCallName): readonly [Service, string] => ['admin', name] as const;

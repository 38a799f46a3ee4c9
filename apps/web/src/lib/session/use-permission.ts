import { hasPermission, type PermissionSlug } from '@bo/contract';
import { useAppStore } from './session.store';

/** Display-only permission check (SPEC §6); the server checks every call again. */
export const useHasPermission = (slug: PermissionSlug | null | undefined): boolean =>
  useAppStore((s) => hasPermission(s.permissions, slug));

import { ConfigPage } from './config-page';

/** Admin Config (SPEC §2.1 `admin-config`, admin-commander): the platform-wide rules of the processor. */
export function AdminConfigPage() {
  return (
    <ConfigPage
      ns="admin"
      description="Platform-wide rules: invoice lifetime and tolerance, default fees, limits and confirmations per coin."
    />
  );
}

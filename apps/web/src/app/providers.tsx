import { TOAST_TIMEOUT_MS } from '@bo/contract';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { theme } from './theme';

export interface ProvidersProps {
  children: ReactNode;
  /** 'test' turns off transitions and portals for component tests. */
  env?: 'default' | 'test';
}

/**
 * What every page needs. The query cache and the modals manager are not here but in the admin shell
 * (AdminLayout): only admin screens read server state through TanStack Query or open modals, and the login
 * page would download both for nothing otherwise (ADR 0012).
 */
export function Providers({ children, env = 'default' }: ProvidersProps) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" env={env}>
      <Notifications position="bottom-right" autoClose={TOAST_TIMEOUT_MS} />
      {children}
    </MantineProvider>
  );
}

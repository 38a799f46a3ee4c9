import { TOAST_TIMEOUT_MS } from '@bo/contract';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { theme } from './theme';

export interface ProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off transitions and portals for component tests. */
  env?: 'default' | 'test';
}

/**
 * What every page needs. The modals manager is not here but in the admin shell (AdminLayout): only admin
 * screens open modals, and Mantine's Modal brings its scroll area and focus trap into the login page's
 * download otherwise (ADR 0012).
 */
export function Providers({ queryClient, children, env = 'default' }: ProvidersProps) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" env={env}>
      <QueryClientProvider client={queryClient}>
        <Notifications position="bottom-right" autoClose={TOAST_TIMEOUT_MS} />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}

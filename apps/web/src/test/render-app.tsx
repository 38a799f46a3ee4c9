import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { type Location, MemoryRouter, useLocation } from 'react-router';
import { Providers } from '../app/providers';
import { AppRoutes, createRoutes, preloadEveryScreen } from '../app/router';
import { createQueryClient } from '../lib/api/query-client';

// The app loads its screens on demand; a test renders them at once, as a returning browser with the code
// cached would, so that the first test of a file does not spend its time limit loading modules.
await preloadEveryScreen();

/** Where the app is: read by tests as `router.state.location`, kept current by a probe inside the router. */
export interface RouterProbe {
  state: { location: Location };
}

function LocationProbe({ into }: { into: RouterProbe }) {
  into.state.location = useLocation();
  return null;
}

/** Renders the whole app (guards, layouts, screens) at a path, with fresh providers. */
export const renderApp = (path: string) => {
  const router: RouterProbe = {
    state: { location: { pathname: path, search: '', hash: '', state: null, key: 'default' } },
  };
  const view = render(
    <Providers env="test">
      <MemoryRouter initialEntries={[path]}>
        <LocationProbe into={router} />
        <AppRoutes routes={createRoutes()} />
      </MemoryRouter>
    </Providers>,
  );
  return { ...view, router };
};

/**
 * Renders one component inside the app's providers and what the admin shell adds around its screens (the
 * query cache and the modals manager), without a router.
 */
export const renderWithProviders = (ui: ReactNode) => {
  const queryClient = createQueryClient();
  return {
    ...render(
      <Providers env="test">
        <QueryClientProvider client={queryClient}>
          <ModalsProvider>{ui}</ModalsProvider>
        </QueryClientProvider>
      </Providers>,
    ),
    queryClient,
  };
};

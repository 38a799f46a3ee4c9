import { ModalsProvider } from '@mantine/modals';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '../app/providers';
import { createRoutes, preloadEveryScreen } from '../app/router';
import { createQueryClient } from '../lib/api/query-client';

// The app loads its screens on demand; a test renders them at once, as a returning browser with the code
// cached would, so that the first test of a file does not spend its time limit loading modules.
await preloadEveryScreen();

/** Renders the whole app (guards, layouts, screens) at a path, with fresh providers. */
export const renderApp = (path: string) => {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createRoutes(), { initialEntries: [path] });
  const view = render(
    <Providers queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, queryClient };
};

/** Renders one component inside the app's providers and the admin shell's modals manager (no router). */
export const renderWithProviders = (ui: ReactNode) => {
  const queryClient = createQueryClient();
  return {
    ...render(
      <Providers queryClient={queryClient} env="test">
        <ModalsProvider>{ui}</ModalsProvider>
      </Providers>,
    ),
    queryClient,
  };
};

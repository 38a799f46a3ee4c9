import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '../app/providers';
import { createRoutes } from '../app/router';
import { createQueryClient } from '../lib/api/query-client';

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

/** Renders one component inside the app's providers (no router). */
export const renderWithProviders = (ui: ReactNode) => {
  const queryClient = createQueryClient();
  return {
    ...render(
      <Providers queryClient={queryClient} env="test">
        {ui}
      </Providers>,
    ),
    queryClient,
  };
};

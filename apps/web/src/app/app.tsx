import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { Providers } from './providers';
import { AppRoutes, createRoutes, preloadForAddress } from './router';

const createAppRoutes = () => {
  preloadForAddress(window.location.pathname);
  return createRoutes();
};

export function App() {
  const [routes] = useState(createAppRoutes);
  return (
    <Providers>
      <BrowserRouter>
        <AppRoutes routes={routes} />
      </BrowserRouter>
    </Providers>
  );
}

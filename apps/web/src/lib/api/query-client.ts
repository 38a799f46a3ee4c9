import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';
import { handleApiError } from './error-handler';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { handlesErrors?: boolean };
    mutationMeta: { handlesErrors?: boolean };
  }
}

// A 4xx will not heal by asking again; a network blip or 5xx gets one more try.
const shouldRetry = (failureCount: number, error: unknown): boolean => {
  if (isApiError(error) && error.httpStatus >= 400 && error.httpStatus < 500) return false;
  return failureCount < 1;
};

/** The query client with the global error policy (SPEC §8); `meta.handlesErrors` opts out. */
export const createQueryClient = (): QueryClient =>
  new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.handlesErrors) handleApiError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.handlesErrors) handleApiError(error);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });

import { MESSAGES, PUBLIC_ROUTES } from '@bo/contract';
import { notifyError } from '../notify';
import { useAppStore } from '../session/session.store';
import { isApiError, isSessionExpiredError } from './api-error';

const isOnAuthPage = (): boolean => PUBLIC_ROUTES.some((r) => window.location.pathname === r.path);

/**
 * Global error policy of SPEC §8. A lost session opens the re-login modal (the page and anything
 * typed stay put); any other error shows the server's message, except 'unauthorized'.
 */
export const handleApiError = (error: unknown): void => {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  const { isLoggedIn, session } = useAppStore.getState();
  if (isSessionExpiredError(error) && !isOnAuthPage() && isLoggedIn && session) {
    useAppStore.getState().setSessionExpired(true);
    return;
  }
  if (isApiError(error)) {
    if (error.message !== MESSAGES.unauthorized) notifyError(error.message);
    return;
  }
  console.error(error);
};

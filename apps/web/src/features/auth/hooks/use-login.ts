import { adminPath } from '@bo/contract';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api/api-error';
import { useProductName } from '../../../lib/config/use-product-config';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type Credentials, signIn } from '../../../lib/session/session.service';
import { useAppStore } from '../../../lib/session/session.store';

/**
 * The login screen's submit (SPEC §2.3, §4, §8): on success a welcome toast and the dashboard;
 * on any failure (including 'Session already exists') the server's message as a toast and a stop.
 */
export const useLogin = (): ((credentials: Credentials) => Promise<boolean>) => {
  const navigate = useNavigate();
  const productName = useProductName();

  return useCallback(
    async (credentials: Credentials) => {
      try {
        await signIn(credentials);
      } catch (error) {
        // A half-made sign-in (e.g. the token could not be minted) must not leave a session behind.
        useAppStore.getState().clearAuth();
        notifyError(isApiError(error) ? error.message : 'Login failed; try again');
        return false;
      }
      notifySuccess(`Welcome to ${productName}`, undefined, { record: false });
      navigate(adminPath('dashboard'), { replace: true });
      return true;
    },
    [navigate, productName],
  );
};

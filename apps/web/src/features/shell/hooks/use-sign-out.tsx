import { LOGOUT_GUARD_MS } from '@bo/contract';
import { Center, Loader } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router';
import { handleApiError } from '../../../lib/api/error-handler';
import { signOut } from '../../../lib/session/session.service';

/**
 * Sign out (SPEC §4): a 'Logging out...' dialog while the server ends the session (or, with
 * `everywhere`, every session of the account), then the login page. Repeat clicks within
 * LOGOUT_GUARD_MS are ignored.
 */
export const useSignOut = (): ((options?: { everywhere?: boolean }) => Promise<void>) => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const lastAttemptAt = useRef(0);

  return useCallback(
    async (options: { everywhere?: boolean } = {}) => {
      const now = Date.now();
      if (now - lastAttemptAt.current < LOGOUT_GUARD_MS) return;
      lastAttemptAt.current = now;
      const modalId = modals.open({
        title: 'Logging out...',
        centered: true,
        withCloseButton: false,
        closeOnClickOutside: false,
        closeOnEscape: false,
        children: (
          <Center py="md">
            <Loader size="sm" aria-label="Signing out" />
          </Center>
        ),
      });
      try {
        await signOut(options);
        queryClient.clear();
        navigate('/login', { replace: true });
      } catch (error) {
        handleApiError(error);
      } finally {
        modals.close(modalId);
      }
    },
    [navigate, queryClient],
  );
};

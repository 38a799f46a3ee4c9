import { Button, Modal, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { CredentialsForm } from '../../../components/ui/credentials-form/credentials-form';
import { isApiError } from '../../../lib/api/api-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type Credentials, refreshSession } from '../../../lib/session/session.service';
import { useAppStore } from '../../../lib/session/session.store';
import { useSignOut } from '../hooks/use-sign-out';

/**
 * The re-login dialog of SPEC §2.3/§8: opens when the session runs out, over the page, so that
 * nothing on the page or typed into it is lost; on success the failed calls are retried.
 */
export function ReloginModal() {
  const isOpen = useAppStore((s) => s.sessionExpired);
  const username = useAppStore((s) => s.session?.Username ?? s.username);
  const queryClient = useQueryClient();
  const signOut = useSignOut();

  const handleSubmit = useCallback(
    async (credentials: Credentials) => {
      try {
        await refreshSession(credentials);
      } catch (error) {
        notifyError(isApiError(error) ? error.message : 'Sign-in failed; try again');
        return false;
      }
      notifySuccess('Session refresh successfully');
      await queryClient.invalidateQueries();
      return true;
    },
    [queryClient],
  );

  return (
    <Modal
      opened={isOpen}
      onClose={() => undefined}
      title="Session expired"
      centered
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
    >
      <Text size="sm" c="dimmed" mb="md">
        Sign in again to continue. This page and anything you typed stay as they are.
      </Text>
      <CredentialsForm
        submitLabel="Login"
        initialUsername={username}
        isUsernameReadOnly
        onSubmit={handleSubmit}
        footer={
          <Button variant="subtle" color="gray" size="xs" onClick={() => void signOut()}>
            Use another account
          </Button>
        }
      />
    </Modal>
  );
}

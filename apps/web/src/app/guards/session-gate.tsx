import { Button, Center, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { CenteredLoader } from '../../components/ui/centered-loader';
import { bootSession } from '../../lib/session/session.service';
import { useAppStore } from '../../lib/session/session.store';

/**
 * SPEC §2.2: nothing renders until the persisted state is restored and the session verified
 * with the server (and, when signed in, the JWT and permissions minted).
 */
export function SessionGate() {
  const status = useAppStore((s) => s.bootStatus);

  useEffect(() => {
    if (status === 'pending') void bootSession();
  }, [status]);

  if (status === 'pending') return <CenteredLoader label="Checking your session" />;
  if (status === 'error') {
    return (
      <Center mih="100vh">
        <Stack align="center" gap="sm">
          <Text fw={600}>The back-office cannot reach its server.</Text>
          <Text size="sm" c="dimmed">
            Check your connection, then try again.
          </Text>
          <Button onClick={() => useAppStore.getState().setBootStatus('pending')}>Try again</Button>
        </Stack>
      </Center>
    );
  }
  return <Outlet />;
}

import { Center, Loader } from '@mantine/core';

/** Full-height loader shown while the session is restored and verified. */
export function CenteredLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="100vh" role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}

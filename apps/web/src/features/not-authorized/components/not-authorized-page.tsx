import { adminPath } from '@bo/contract';
import { Button, Card, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Where a route guard sends a user who lacks the route's permission (SPEC §2.2). */
export function NotAuthorizedPage() {
  return (
    <Center py="xl">
      <Card padding="xl" maw={480} w="100%">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={48} radius="xl" variant="light" color="red" aria-hidden>
            <IconLock size={26} />
          </ThemeIcon>
          <Title order={1} size="h3">
            Not authorized
          </Title>
          <Text size="sm" c="dimmed">
            Your role does not include the permission this page needs. If you need access, ask an
            administrator to change your role.
          </Text>
          <Button component={Link} to={adminPath('dashboard')} mt="sm">
            Back to dashboard
          </Button>
        </Stack>
      </Card>
    </Center>
  );
}

import { formatUtcDate } from '@bo/contract';
import { Card, Group, Text, ThemeIcon, Title } from '@mantine/core';
import { IconId } from '@tabler/icons-react';
import { useAppStore } from '../../../lib/session/session.store';

/** What a staff member without dashboard slugs sees: who they are signed in as and their role. */
export function WelcomeCard() {
  const username = useAppStore((s) => s.session?.Username ?? s.username);
  const account = useAppStore((s) => s.accountInfo);
  const name = account?.DisplayName || username;

  return (
    <Card component="section" aria-label="Welcome" padding="lg" maw={560}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size={42} radius="md" variant="light" aria-hidden>
          <IconId size={24} />
        </ThemeIcon>
        <div>
          <Title order={2} size="h4">
            Welcome, {name}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            Signed in as <b>{username}</b>
            {account ? (
              <>
                {' '}
                with the role <b>{account.Role}</b>
              </>
            ) : null}
            .
          </Text>
          {account?.LastLoginOn ? (
            <Text size="xs" c="dimmed" mt={4}>
              Last sign-in: {formatUtcDate(account.LastLoginOn)} UTC
            </Text>
          ) : null}
          <Text size="sm" mt="sm">
            Your role has no dashboard figures. The menu on the left lists the screens you can open.
          </Text>
        </div>
      </Group>
    </Card>
  );
}

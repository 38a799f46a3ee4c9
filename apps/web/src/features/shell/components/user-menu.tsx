import { Avatar, Button, Divider, Group, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconDevicesOff, IconLogout } from '@tabler/icons-react';
import { useAppStore } from '../../../lib/session/session.store';
import { useSignOut } from '../hooks/use-sign-out';

const initials = (name: string): string => name.slice(0, 2).toUpperCase();

/** Avatar and username in the top bar; opens the account card with Sign out (SPEC §2.5) and Sign out everywhere. */
export function UserMenu() {
  const username = useAppStore((s) => s.session?.Username ?? s.username);
  const account = useAppStore((s) => s.accountInfo);
  const signOut = useSignOut();

  return (
    <Popover position="bottom-end" shadow="md" width={260} withArrow>
      <Popover.Target>
        <UnstyledButton
          aria-label={username}
          px="xs"
          py={4}
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        >
          <Group gap="xs" wrap="nowrap">
            <Avatar size="sm" radius="xl" color="indigo">
              {initials(username)}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="xs">
              {username}
            </Text>
            <IconChevronDown size={14} stroke={1.5} aria-hidden />
          </Group>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <div>
            <Text size="sm" fw={600}>
              {account?.DisplayName || username}
            </Text>
            {account ? (
              <Text size="xs" c="dimmed">
                {account.Role} · {account.Email}
              </Text>
            ) : null}
          </div>
          <Divider />
          <Button
            variant="light"
            color="red"
            leftSection={<IconLogout size={16} aria-hidden />}
            onClick={() => void signOut()}
            fullWidth
          >
            Sign out
          </Button>
          {/* For a lost laptop or a session left open elsewhere: ends every session of the account. */}
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconDevicesOff size={14} aria-hidden />}
            onClick={() => void signOut({ everywhere: true })}
            fullWidth
          >
            Sign out everywhere
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

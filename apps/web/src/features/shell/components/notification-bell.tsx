import { adminPath } from '@bo/contract';
import {
  ActionIcon,
  Button,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { IconBell, IconCheck } from '@tabler/icons-react';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { copySilently } from '../../../lib/clipboard';
import {
  type NotificationItem,
  useNotificationCenter,
} from '../../../lib/notifications/notification-center.store';

dayjs.extend(relativeTime);

/**
 * The header's notification bell (SPEC §2.5): the count, the list with relative times, 'Mark read' (copies
 * the message and opens its transaction) and 'Clear All'.
 */
export function NotificationBell() {
  const items = useNotificationCenter((s) => s.items);
  const remove = useNotificationCenter((s) => s.remove);
  const clear = useNotificationCenter((s) => s.clear);
  const [opened, setOpened] = useState(false);
  const [, setTick] = useState(0);
  const navigate = useNavigate();
  // Relative times ('2 minutes ago') move on while the list is open.
  useInterval(() => setTick((n) => n + 1), 30_000, { autoInvoke: true });

  const markRead = async (item: NotificationItem) => {
    remove(item.id);
    await copySilently(item.message);
    if (item.transactionRef) {
      setOpened(false);
      navigate(adminPath('transaction-detail', { id: item.transactionRef }));
    }
  };

  const count = items.length;
  const label = count === 0 ? 'Notifications' : `Notifications, ${count} unread`;

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} shadow="md" withArrow>
      <Popover.Target>
        <Indicator
          label={count > 99 ? '99+' : count}
          disabled={count === 0}
          size={16}
          offset={4}
          color="red"
          inline
        >
          <ActionIcon variant="subtle" size="lg" aria-label={label} onClick={() => setOpened((o) => !o)}>
            <IconBell size={20} aria-hidden />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        <Group justify="space-between" px="sm" py={8}>
          <Text fw={600} size="sm">
            Notifications
          </Text>
          <Button size="compact-xs" variant="subtle" onClick={clear} disabled={count === 0}>
            Clear All
          </Button>
        </Group>
        {count === 0 ? (
          <Text size="sm" c="dimmed" px="sm" pb="sm">
            No notifications
          </Text>
        ) : (
          <ScrollArea.Autosize mah={360} type="auto">
            <Stack
              gap={0}
              component="ul"
              m={0}
              p={0}
              aria-label="Notification list"
              style={{ listStyle: 'none' }}
            >
              {items.map((item) => (
                <Group
                  key={item.id}
                  component="li"
                  justify="space-between"
                  wrap="nowrap"
                  px="sm"
                  py={6}
                  style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
                >
                  <UnstyledButton
                    onClick={() => void markRead(item)}
                    style={{ flex: 1, minWidth: 0 }}
                    aria-label={`Open: ${item.message}`}
                  >
                    <Text size="sm" truncate="end">
                      {item.message}
                    </Text>
                    <Text size="xs" c="dimmed" title={item.date}>
                      {dayjs(item.date).fromNow()}
                    </Text>
                  </UnstyledButton>
                  <Tooltip label="Mark read" withArrow openDelay={300}>
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      aria-label={`Mark read: ${item.message}`}
                      onClick={() => void markRead(item)}
                    >
                      <IconCheck size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

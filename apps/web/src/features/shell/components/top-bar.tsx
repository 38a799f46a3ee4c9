import { adminPath } from '@bo/contract';
import { Anchor, Burger, Group, Text, ThemeIcon } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useProductName } from '../../../lib/config/use-product-config';
import { HeaderSearch } from './header-search';
import { NotificationBell } from './notification-bell';
import { UserMenu } from './user-menu';

export interface TopBarProps {
  isSidebarOpen: boolean;
  isMobileSidebarOpen: boolean;
  onToggleSidebar: () => void;
  onToggleMobileSidebar: () => void;
  /** Header tools of other features (the coin converter), composed in by the layout. */
  tools?: ReactNode;
}

export function TopBar({
  isSidebarOpen,
  isMobileSidebarOpen,
  onToggleSidebar,
  onToggleMobileSidebar,
  tools,
}: TopBarProps) {
  const productName = useProductName();

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={isMobileSidebarOpen}
          onClick={onToggleMobileSidebar}
          hiddenFrom="sm"
          size="sm"
          aria-label="Toggle navigation"
        />
        <Burger
          opened={isSidebarOpen}
          onClick={onToggleSidebar}
          visibleFrom="sm"
          size="sm"
          aria-label="Toggle navigation"
        />
        <Anchor component={Link} to={adminPath('dashboard')} underline="never" c="inherit">
          <Group gap={8} wrap="nowrap">
            <ThemeIcon size="md" radius="md" variant="filled" aria-hidden>
              <IconShieldLock size={16} />
            </ThemeIcon>
            <Text fw={700} size="md">
              {productName}{' '}
              <Text span c="dimmed" fw={500} size="md">
                Admin
              </Text>
            </Text>
          </Group>
        </Anchor>
      </Group>
      <Group gap="sm" wrap="nowrap">
        <HeaderSearch />
        {tools}
        <NotificationBell />
        <UserMenu />
      </Group>
    </Group>
  );
}

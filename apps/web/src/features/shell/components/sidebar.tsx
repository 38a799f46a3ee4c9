import { type AdminRouteName, PRODUCT_VERSION } from '@bo/contract';
import { AppShell, Badge, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import {
  type Icon,
  IconArrowsExchange,
  IconBolt,
  IconBrandWordpress,
  IconBuildingBank,
  IconBuildingStore,
  IconCalendarDollar,
  IconCashBanknote,
  IconChartBar,
  IconChartLine,
  IconChartPie,
  IconClockPlay,
  IconCoin,
  IconCreditCard,
  IconCurrencyEthereum,
  IconCurrencyXrp,
  IconDatabaseSearch,
  IconDeviceTablet,
  IconExternalLink,
  IconFileCode,
  IconFolder,
  IconHeartbeat,
  IconId,
  IconLayoutDashboard,
  IconLicense,
  IconListCheck,
  IconListDetails,
  IconMail,
  IconNews,
  IconPoint,
  IconReceipt2,
  IconReceiptTax,
  IconRobot,
  IconScale,
  IconSettings,
  IconShieldLock,
  IconStack2,
  IconSteeringWheel,
  IconTicket,
  IconUsers,
  IconUsersGroup,
  IconZoomMoney,
} from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { useAppStore } from '../../../lib/session/session.store';
import { useAltCoins } from '../api/use-alt-coins';
import { useSidebarLinks } from '../api/use-sidebar-links';
import { type SidebarLink, visibleSidebar } from '../sidebar-items';

const ICONS: Partial<Record<AdminRouteName, Icon>> = {
  dashboard: IconLayoutDashboard,
  roles: IconShieldLock,
  staff: IconUsers,
  'balance-sheet': IconScale,
  'xchange-offline-pool': IconStack2,
  users: IconBuildingStore,
  kyc: IconId,
  'payout-schemas': IconReceipt2,
  'pending-payouts': IconCashBanknote,
  'coin-health': IconHeartbeat,
  vtokens: IconTicket,
  'xchange-search': IconZoomMoney,
  'altcoin-stats': IconChartBar,
  analytics: IconChartPie,
  charts: IconChartLine,
  transactions: IconListDetails,
  reports: IconFileCode,
  marketing: IconMail,
  news: IconNews,
  'platform-scheduling': IconClockPlay,
  'platform-scheduling-sql': IconDatabaseSearch,
  'transaction-scheduling': IconCalendarDollar,
  'transaction-scheduling-tasks': IconListCheck,
  'merchant-fees-custom': IconReceiptTax,
  'merchant-cc': IconCreditCard,
  'platform-licensing': IconLicense,
  'merchant-autonomy': IconSteeringWheel,
  'market-files': IconFolder,
  'market-pos-files': IconDeviceTablet,
  'transaction-xrp-pool': IconCurrencyXrp,
  'transaction-ether-pool': IconCurrencyEthereum,
  'admin-config': IconSettings,
  'kucoin-config': IconCoin,
  'kucoin-broker-config': IconUsersGroup,
  'airwallex-config': IconBuildingBank,
  'coinpress-config': IconBrandWordpress,
  'automation-config': IconRobot,
  'trading-config': IconArrowsExchange,
  'open-node-config': IconBolt,
};

function CoinsOnline() {
  const { data: coins } = useAltCoins();
  if (!coins) return null;
  const online = coins.filter((c) => c.isOnline).length;
  return (
    <Text size="xs" c="dimmed">
      Coins online: {online}/{coins.length}
    </Text>
  );
}

/** The side menu (SPEC §2.4), filtered by permission and by the screens this app has. */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const permissions = useAppStore((s) => s.permissions);
  const { data: externalLinks } = useSidebarLinks();
  const sections = useMemo(
    () => visibleSidebar(permissions, undefined, externalLinks),
    [permissions, externalLinks],
  );
  const { pathname, hash } = useLocation();
  // Two entries may share a path told apart by a hash (Payout Schemas and Pending Payouts, SPEC §2.1): the one
  // whose hash is the page's is lit, and the plain one only when no entry claims the hash.
  const hashClaimed = useMemo(
    () => hash !== '' && sections.some((s) => s.links.some((l) => l.href.endsWith(hash))),
    [sections, hash],
  );
  const isActive = (href: string) => {
    const [path = '', linkHash] = href.split('#');
    const onPath = pathname === path || pathname.startsWith(`${path}/`);
    return onPath && (linkHash === undefined ? !hashClaimed : hash === `#${linkHash}`);
  };

  const link = (label: string, href: string, route: AdminRouteName) => {
    const LinkIcon = ICONS[route] ?? IconPoint;
    return (
      <NavLink
        key={href}
        component={Link}
        to={href}
        label={label}
        active={isActive(href)}
        leftSection={<LinkIcon size={18} stroke={1.5} aria-hidden />}
        onClick={onNavigate}
        styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
      />
    );
  };

  const externalLink = (l: SidebarLink) => (
    <NavLink
      key={`${l.label}-${l.href}`}
      component="a"
      href={l.href}
      target="_blank"
      rel="noopener noreferrer"
      label={l.label}
      leftSection={<IconExternalLink size={18} stroke={1.5} aria-hidden />}
      styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
    />
  );

  return (
    <>
      <AppShell.Section grow component={ScrollArea} px="sm" py="md">
        <Stack gap="md">
          <div>{link('Dashboard', '/admin/dashboard', 'dashboard')}</div>
          {sections.map((section) => (
            <div key={section.label}>
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4}>
                {section.label}
              </Text>
              {section.links.map((l) => ('external' in l ? externalLink(l) : link(l.label, l.href, l.route)))}
            </div>
          ))}
        </Stack>
      </AppShell.Section>
      <AppShell.Section px="md" py="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Group justify="space-between" gap="xs">
          <CoinsOnline />
          <Badge variant="light" color="gray" size="sm" aria-label={`Version ${PRODUCT_VERSION}`}>
            {PRODUCT_VERSION}
          </Badge>
        </Group>
      </AppShell.Section>
    </>
  );
}

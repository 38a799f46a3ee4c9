import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { AfterFirstPaint } from '../../components/ui/after-first-paint';
import { ChatWidget } from '../../features/chat/components/chat-widget';
import { CoinConverter } from '../../features/converter/components/coin-converter';
import { useAltCoins } from '../../features/shell/api/use-alt-coins';
import { ReloginModal } from '../../features/shell/components/relogin-modal';
import { Sidebar } from '../../features/shell/components/sidebar';
import { TopBar } from '../../features/shell/components/top-bar';
import { useKeepAlive } from '../../features/shell/hooks/use-keep-alive';
import { createQueryClient } from '../../lib/api/query-client';
import { useNotificationFeed } from '../../lib/notifications/use-notification-feed';
import { useAppStore } from '../../lib/session/session.store';

/**
 * The signed-in part of the app. Its query cache lives as long as the shell does: signing out leaves the
 * shell, so the next account starts from an empty cache, and the login page never loads TanStack Query.
 */
export function AdminLayout() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AdminShell />
    </QueryClientProvider>
  );
}

function NotificationFeed() {
  useNotificationFeed();
  return null;
}

/** The admin look (SPEC §2.4): top bar, side menu, content area, the re-login modal, and the support chat. */
function AdminShell() {
  const isSidebarExpanded = useAppStore((s) => s.sidebarExpanded);
  const toggleSidebar = useAppStore((s) => s.toggleSidebar);
  const [isMobileOpen, mobile] = useDisclosure(false);
  useAltCoins();
  useKeepAlive();

  return (
    // Only admin screens open modals (confirmations, sign-out); see Providers.
    <ModalsProvider>
      <AppShell
        header={{ height: 56 }}
        navbar={{
          width: 232,
          breakpoint: 'sm',
          collapsed: { mobile: !isMobileOpen, desktop: !isSidebarExpanded },
        }}
        padding="lg"
      >
        <AppShell.Header>
          <TopBar
            isSidebarOpen={isSidebarExpanded}
            isMobileSidebarOpen={isMobileOpen}
            onToggleSidebar={toggleSidebar}
            onToggleMobileSidebar={mobile.toggle}
            tools={<CoinConverter />}
          />
        </AppShell.Header>
        <AppShell.Navbar aria-label="Main navigation">
          <Sidebar onNavigate={mobile.close} />
        </AppShell.Navbar>
        {/* Room at the bottom, so the floating chat button never hides the last row of a page. */}
        <AppShell.Main bg="gray.0" pb={88}>
          <Outlet />
        </AppShell.Main>
        {/* The support chat and the bell's feed wait for the first paint: the screen's figures come first. */}
        <AfterFirstPaint>
          <NotificationFeed />
          <ChatWidget />
        </AfterFirstPaint>
        <ReloginModal />
      </AppShell>
    </ModalsProvider>
  );
}

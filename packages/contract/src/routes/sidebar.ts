// No zod here: the sidebar table is read by code that must not download any schema (role-reach, ADR 0012).
// The external links' schemas live beside it; a bundler drops the re-export where they are not used.
import type { AdminRouteName } from './routes';

export {
  type ExternalLink,
  externalLinkSchema,
  type SidebarLinks,
  sidebarLinksSchema,
} from './sidebar-links.schema';

export const EXTERNAL_LINK_GROUPS = ['tools', 'tomcat-servers'] as const;
export type ExternalLinkGroup = (typeof EXTERNAL_LINK_GROUPS)[number];

/** A sidebar entry links to a route (optionally with a hash) or to a configured external link group. */
export type SidebarEntry = { label: string; route: AdminRouteName; hash?: string };

export interface SidebarGroup {
  label: string;
  entries: readonly SidebarEntry[];
  /**
   * Groups whose entries are external links (tools, server managers); their URLs are deployment settings,
   * not part of the contract.
   */
  externalLinks?: ExternalLinkGroup;
}

/** Sidebar of SPEC §2.4. Each entry takes its permission from its route, so none is mis-keyed. */
export const SIDEBAR: readonly SidebarGroup[] = [
  {
    label: 'Account',
    entries: [
      { label: 'Users', route: 'users' },
      { label: 'KYC Users', route: 'kyc', hash: 'all' },
      { label: 'Roles', route: 'roles' },
      { label: 'Staff', route: 'staff' },
    ],
  },
  {
    label: 'Core Functions',
    entries: [
      { label: 'Payout Schemas', route: 'payout-schemas' },
      { label: 'Pending Payouts', route: 'pending-payouts', hash: 'pending' },
      { label: 'Balance Sheet', route: 'balance-sheet' },
      { label: 'Coin Health', route: 'coin-health' },
      { label: 'VTokens', route: 'vtokens' },
      { label: 'XChange Search', route: 'xchange-search' },
    ],
  },
  {
    label: 'Analytics',
    entries: [
      { label: 'Infolytics', route: 'analytics' },
      { label: 'Transactions', route: 'transactions' },
      { label: 'Charts', route: 'charts' },
      { label: 'AltCoin Stats', route: 'altcoin-stats' },
    ],
  },
  {
    label: 'Marketing',
    entries: [
      { label: 'Email Marketing', route: 'marketing' },
      { label: 'News', route: 'news' },
    ],
  },
  {
    label: 'Files',
    entries: [
      { label: 'POS Files', route: 'market-pos-files' },
      { label: 'Market Files', route: 'market-files' },
    ],
  },
  { label: 'Tools', entries: [], externalLinks: 'tools' },
  { label: 'Tomcat Servers', entries: [], externalLinks: 'tomcat-servers' },
  {
    label: 'Servlet Configs',
    entries: [
      { label: 'Admin Config', route: 'admin-config' },
      { label: 'Automation Config', route: 'automation-config' },
      { label: 'Trading Config', route: 'trading-config' },
      { label: 'OpenNode Config', route: 'open-node-config' },
      { label: 'KuCoin Config', route: 'kucoin-config' },
      { label: 'KuCoin Broker Config', route: 'kucoin-broker-config' },
      { label: 'Airwallex Config', route: 'airwallex-config' },
      { label: 'CoinPress Config', route: 'coinpress-config' },
    ],
  },
  {
    label: 'Scheduled',
    entries: [
      { label: 'Platform Scheduling', route: 'platform-scheduling' },
      { label: 'Platform Scheduling SQL', route: 'platform-scheduling-sql' },
      { label: 'Transaction Scheduling', route: 'transaction-scheduling' },
    ],
  },
  {
    label: 'Pooling',
    entries: [
      { label: 'XRP Pool', route: 'transaction-xrp-pool' },
      { label: 'Ether Pool', route: 'transaction-ether-pool' },
      { label: 'XChange Offline Pool', route: 'xchange-offline-pool' },
    ],
  },
  {
    label: 'Audit',
    entries: [
      { label: 'Tasks Audit', route: 'transaction-scheduling-tasks' },
      { label: 'External Audit', route: 'audit' },
      { label: 'TradeFlex Audit', route: 'trade-flex' },
      { label: 'FIU XML Reports', route: 'reports' },
      { label: 'PayPal Audit', route: 'paypal-audit' },
      { label: 'Trade Bots', route: 'trade-bots' },
    ],
  },
  {
    label: 'Misc',
    entries: [
      { label: 'Licensing', route: 'platform-licensing' },
      { label: 'Autonomy', route: 'merchant-autonomy' },
      { label: 'Merchant Fees Custom', route: 'merchant-fees-custom' },
      { label: 'Merchant CC', route: 'merchant-cc' },
    ],
  },
];

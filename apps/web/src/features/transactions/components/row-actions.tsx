import { adminPath, currentStatusChoice, invoiceLink, providerKindOf, type Transaction } from '@bo/contract';
import {
  ActionIcon,
  Badge,
  Group,
  type MantineTheme,
  Menu,
  rem,
  UnstyledButton,
  useMantineTheme,
} from '@mantine/core';
import {
  IconArrowsExchange,
  IconCopy,
  IconDots,
  IconEdit,
  IconExternalLink,
  IconKey,
  IconLink,
  IconNotes,
  IconReceipt,
  IconUser,
} from '@tabler/icons-react';
import {
  type ButtonHTMLAttributes,
  type CSSProperties,
  type ReactNode,
  type Ref,
  useEffect,
  useRef,
  useState,
} from 'react';
import { Link } from 'react-router';
import { useHoverTooltips } from '../../../components/ui/hover-tooltips';
import { copyToClipboard } from '../../../lib/clipboard';
import { useProductConfig } from '../../../lib/config/use-product-config';
import { useHasPermission } from '../../../lib/session/use-permission';
import { LogsDialog } from './logs-dialog';
import { ProviderDialog } from './provider-dialog';
import { StatusDialog } from './status-dialog';
import { safeTransactionRef } from './transaction-ref';

const isWebLink = (url: string): boolean => /^https?:\/\//i.test(url);

type IconButtonVariant = 'subtle' | 'light';

/** The row's buttons as Mantine's `<Group gap={2} wrap="nowrap">` lays them out, on a plain div. */
export const ACTIONS_CLASS = `${Group.classes.root} mantine-Group-root`;
export const ACTIONS_STYLE = {
  '--group-gap': rem(2),
  '--group-align': 'center',
  '--group-justify': 'flex-start',
  '--group-wrap': 'nowrap',
} as CSSProperties;

const ICON_BUTTON_CLASS = [
  'mantine-focus-auto mantine-active',
  ActionIcon.classes.root,
  'mantine-ActionIcon-root',
  UnstyledButton.classes.root,
  'mantine-UnstyledButton-root',
].join(' ');

/** The colour variables Mantine's ActionIcon sets for a variant and colour, worked out once per theme. */
const iconButtonVars = new WeakMap<MantineTheme, Map<string, CSSProperties>>();
function iconButtonStyle(theme: MantineTheme, variant: IconButtonVariant, color: string | undefined) {
  let known = iconButtonVars.get(theme);
  if (!known) {
    known = new Map();
    iconButtonVars.set(theme, known);
  }
  const key = `${variant}:${color ?? ''}`;
  let style = known.get(key);
  if (!style) {
    const colors = theme.variantColorResolver({ color: color ?? theme.primaryColor, theme, variant });
    style = {
      '--ai-size': 'var(--ai-size-sm)',
      '--ai-bg': colors.background,
      '--ai-hover': colors.hover,
      '--ai-hover-color': colors.hoverColor,
      '--ai-color': colors.color,
      '--ai-bd': colors.border,
    } as CSSProperties;
    known.set(key, style);
  }
  return style;
}

interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color' | 'type'> {
  variant?: IconButtonVariant;
  color?: string | undefined;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A small ActionIcon as Mantine draws it (the same classes and colour variables, so the same look) on a
 * plain button: a page holds four per row, and Mantine's per-component work (props, styles, colours) for
 * sixty of them was about 40 % of drawing a new page of Local rows per keystroke (ADR 0012).
 */
export function IconButton({ variant = 'subtle', color, children, ref, ...rest }: IconButtonProps) {
  const theme = useMantineTheme();
  return (
    <button
      ref={ref}
      type="button"
      className={ICON_BUTTON_CLASS}
      data-variant={variant}
      data-size="sm"
      style={iconButtonStyle(theme, variant, color)}
      {...rest}
    >
      <span className={`${ActionIcon.classes.icon} mantine-ActionIcon-icon`}>{children}</span>
    </button>
  );
}

function CopyAction({ label, value, icon }: { label: string; value: string; icon: ReactNode }) {
  return (
    <IconButton aria-label={label} data-tooltip={label} onClick={() => void copyToClipboard(value)}>
      {icon}
    </IconButton>
  );
}

/**
 * A dialog or menu that mounts on its first opening and then stays (for the closing transition): a page of
 * rows would otherwise mount two or three closed dialogs and a menu per row (ADR 0012). It first renders
 * closed, then opens: Mantine remembers the element to give focus back to only when `opened` changes, so a
 * dialog mounted already open would leave keyboard focus on the page's body when it closes.
 */
function useLazyOpen(onMounted?: () => void) {
  const [state, setState] = useState<'unmounted' | 'mounting' | 'open' | 'closed'>('unmounted');
  const mounted = useRef(onMounted);
  mounted.current = onMounted;
  useEffect(() => {
    if (state !== 'mounting') return;
    mounted.current?.();
    setState('open');
  }, [state]);
  return {
    isOpen: state === 'open',
    isMounted: state !== 'unmounted',
    open: () => setState((s) => (s === 'unmounted' ? 'mounting' : 'open')),
    close: () => setState('closed'),
  };
}

/**
 * 'Copy invoice link', when the checkout's address template is configured. Its own component, so the
 * configuration is read when the menu opens, not by every row of every page.
 */
function InvoiceLinkItem({ tx, txRef }: { tx: Transaction; txRef: string }) {
  const template = useProductConfig()?.invoiceUrlTemplate ?? null;
  if (tx.Prefix !== 'T' || !template) return null;
  return (
    <Menu.Item
      leftSection={<IconLink size={16} aria-hidden />}
      onClick={() => void copyToClipboard(invoiceLink(template, txRef, tx.Security))}
    >
      Copy invoice link
    </Menu.Item>
  );
}

export interface RowActionsProps {
  tx: Transaction;
  /** Another row on the page names this one as its master. */
  isMaster: boolean;
}

/**
 * The row actions of SPEC §2.6 item 2: copies, the explorer and xChange links, the M/C markers, the status
 * dialog (payments in a dialog status, admin-commander only: the server checks again) and the logs dialog.
 */
export function RowActions({ tx, isMaster }: RowActionsProps) {
  const ref = safeTransactionRef(tx.Prefix, tx.TransactionID);
  const iconProps = { size: 16, 'aria-hidden': true } as const;
  const canEditStatus =
    useHasPermission('admin-commander') && tx.Prefix === 'T' && currentStatusChoice(tx) !== null;
  const statusDialog = useLazyOpen();
  const logsDialog = useLazyOpen();
  const providerDialog = useLazyOpen();
  const tooltips = useHoverTooltips();
  // The menu (a floating dropdown) is mounted on the first click; until then, a plain button. Its button is
  // then a new element: focus moves to it before the menu opens, so closing the menu gives focus back to it.
  const moreRef = useRef<HTMLButtonElement>(null);
  const menu = useLazyOpen(() => moreRef.current?.focus());
  const provider = providerKindOf(tx.ExternalTransactionProvider) ? tx.ExternalTransactionProvider : null;
  const hasComments = (tx.Comments ?? '').trim() !== '';

  const explorer =
    tx.BlockExplorer && isWebLink(tx.BlockExplorer) && tx.CoinAddress !== 'NA' ? tx.BlockExplorer : null;
  const copy = (value: string) => () => void copyToClipboard(value);

  const moreLabel = `More actions for ${ref}`;
  const moreButton = (
    <IconButton
      aria-label={moreLabel}
      aria-haspopup="menu"
      ref={moreRef}
      onClick={menu.isMounted ? undefined : menu.open}
    >
      <IconDots {...iconProps} />
    </IconButton>
  );

  return (
    <div className={ACTIONS_CLASS} style={ACTIONS_STYLE} {...tooltips.handlers}>
      <CopyAction label="Copy transaction ID" value={ref} icon={<IconCopy {...iconProps} />} />
      <IconButton
        variant={hasComments ? 'light' : 'subtle'}
        color={hasComments ? 'yellow' : undefined}
        aria-label={hasComments ? 'Logs, has comments' : 'Logs'}
        data-tooltip={hasComments ? 'Logs (has comments)' : 'Logs'}
        onClick={logsDialog.open}
      >
        <IconNotes {...iconProps} />
      </IconButton>
      {canEditStatus ? (
        <IconButton aria-label="Change status" data-tooltip="Change status" onClick={statusDialog.open}>
          <IconEdit {...iconProps} />
        </IconButton>
      ) : null}
      {/* The less frequent actions share one menu, so the eight columns fit a laptop screen. */}
      {menu.isMounted ? (
        <Menu
          position="bottom-end"
          withinPortal
          shadow="md"
          opened={menu.isOpen}
          onChange={(opened) => (opened ? menu.open() : menu.close())}
        >
          <Menu.Target>{moreButton}</Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconKey {...iconProps} />} onClick={copy(tx.Security)}>
              Copy security key
            </Menu.Item>
            <InvoiceLinkItem tx={tx} txRef={ref} />
            {tx.CustomerReferenceNr ? (
              <Menu.Item leftSection={<IconUser {...iconProps} />} onClick={copy(tx.CustomerReferenceNr)}>
                Copy customer reference
              </Menu.Item>
            ) : null}
            {provider ? (
              <Menu.Item leftSection={<IconReceipt {...iconProps} />} onClick={providerDialog.open}>
                {`${provider} details`}
              </Menu.Item>
            ) : null}
            {explorer ? (
              <Menu.Item
                component="a"
                href={explorer}
                target="_blank"
                rel="noopener noreferrer"
                leftSection={<IconExternalLink {...iconProps} />}
              >
                Open in block explorer
              </Menu.Item>
            ) : null}
            {tx.XChangeID !== null ? (
              <Menu.Item
                component={Link}
                to={`${adminPath('dashboard')}?xc=${tx.XChangeID}`}
                leftSection={<IconArrowsExchange {...iconProps} />}
              >
                {`All transactions of xChange ${tx.XChangeID}`}
              </Menu.Item>
            ) : null}
          </Menu.Dropdown>
        </Menu>
      ) : (
        moreButton
      )}
      {isMaster ? (
        <Badge
          size="xs"
          variant="outline"
          color="blue"
          title="Master transaction"
          aria-label="Master transaction"
        >
          M
        </Badge>
      ) : null}
      {tx.MasterTransactionID !== null ? (
        <Badge
          size="xs"
          variant="outline"
          color="grape"
          title={`Clone of ${safeTransactionRef(tx.Prefix, tx.MasterTransactionID)}`}
          aria-label={`Clone of ${safeTransactionRef(tx.Prefix, tx.MasterTransactionID)}`}
        >
          C
        </Badge>
      ) : null}
      {canEditStatus && statusDialog.isMounted ? (
        <StatusDialog tx={tx} opened={statusDialog.isOpen} onClose={statusDialog.close} />
      ) : null}
      {logsDialog.isMounted ? (
        <LogsDialog tx={tx} opened={logsDialog.isOpen} onClose={logsDialog.close} />
      ) : null}
      {provider && providerDialog.isMounted ? (
        <ProviderDialog
          tx={tx}
          provider={provider}
          opened={providerDialog.isOpen}
          onClose={providerDialog.close}
        />
      ) : null}
      {tooltips.tooltip}
    </div>
  );
}

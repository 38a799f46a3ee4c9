import { Box, Modal } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * HTML the server sanitised, shown in a sandboxed frame with no script and no same-origin access: even
 * markup that slipped through could neither run nor reach the app. Used for the email preview and news bodies.
 */
export function SandboxedHtml({
  html,
  title,
  height = 420,
}: {
  html: string;
  title: string;
  height?: number;
}) {
  return (
    <Box
      component="iframe"
      title={title}
      sandbox=""
      srcDoc={html}
      style={{
        width: '100%',
        height,
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 4,
        background: 'white',
      }}
    />
  );
}

/**
 * A preview of sanitised HTML in a modal that may open over a drawer. Escape closes the preview only when the
 * drawer under it is a LayeredDrawer (components/ui/layered-drawer): Mantine's modals and drawers each hear
 * Escape on the window, so stopping the key event here could not keep a plain drawer open.
 */
export function HtmlPreviewModal({
  opened,
  onClose,
  title,
  html,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  html: string;
  children?: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="xl">
      {children}
      <SandboxedHtml html={html} title={`${title} content`} height={560} />
    </Modal>
  );
}

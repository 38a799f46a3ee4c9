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
 * A preview of sanitised HTML in a modal that may open over a drawer: Escape closes the preview only. React
 * passes a portal's key events up its component tree, so without the stop the drawer would close with it.
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
    <Box onKeyDown={(event) => event.stopPropagation()}>
      <Modal opened={opened} onClose={onClose} title={title} size="xl">
        {children}
        <SandboxedHtml html={html} title={`${title} content`} height={560} />
      </Modal>
    </Box>
  );
}

import { Box } from '@mantine/core';

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

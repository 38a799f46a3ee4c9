import { Button, Group, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { CopyableId } from '../../../components/data-table/cells';
import { useAdminMutation } from '../../../lib/api/use-admin-mutation';

/** The API key masked; an admin-commander reveals it in full (an audited call) and can copy it. */
export function ApiKey({ id, masked, canReveal }: { id: number; masked: string; canReveal: boolean }) {
  const reveal = useAdminMutation('RevealMerchantApiKey', { invalidates: ['MerchantHistory'] });
  if (reveal.data) return <CopyableId value={reveal.data.APIKey} label="Copy API key" />;
  return (
    <Group gap="xs" wrap="nowrap">
      <Text span fz="sm" ff="monospace">
        {masked}
      </Text>
      {canReveal ? (
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconEye size={12} aria-hidden />}
          loading={reveal.isPending}
          onClick={() => reveal.mutate({ ID: id })}
        >
          Reveal
        </Button>
      ) : null}
    </Group>
  );
}

import { Box, Card, Center, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { Outlet } from 'react-router';
import { useProductName } from '../../lib/config/use-product-config';

/** The login-page look: a centered card on a subtle background, under the product name. */
export function AuthLayout() {
  const productName = useProductName();
  return (
    <Box
      mih="100vh"
      style={{
        background:
          'radial-gradient(circle at 20% 0%, var(--mantine-color-indigo-0), transparent 55%), var(--mantine-color-gray-0)',
      }}
    >
      <Center mih="100vh" p="md">
        <Stack w="100%" maw={420} gap="lg">
          <Group justify="center" gap="xs">
            <ThemeIcon size="lg" radius="md" aria-hidden>
              <IconShieldLock size={20} />
            </ThemeIcon>
            <Text fw={700} size="xl">
              {productName}{' '}
              <Text span c="dimmed" fw={500} inherit>
                Admin
              </Text>
            </Text>
          </Group>
          <Card component="main" padding="xl" shadow="sm">
            <Outlet />
          </Card>
          <Text size="xs" c="dimmed" ta="center">
            Internal system. Unauthorised access is prohibited and logged.
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}

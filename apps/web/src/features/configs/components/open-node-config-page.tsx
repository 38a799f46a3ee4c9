import { OPENNODE_STATUS_MAPPING } from '@bo/contract';
import { Card, Code, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { ConfigPage } from './config-page';

/** OpenNode Config (SPEC §2.1 `open-node-config`, admin-commander): the Lightning/BTC processor's keys and charges. */
export function OpenNodeConfigPage() {
  return (
    <ConfigPage
      ns="opennode"
      description="The Lightning and BTC processor: API keys per environment, charge options and withdrawals."
      extra={(state) => (
        <Card withBorder padding="md" component="section" aria-label="Callbacks and statuses">
          <Title order={2} size="h5" mb="sm">
            Callbacks and statuses
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Stack gap={4}>
              <Text fz="sm" fw={500}>
                Callback URL
              </Text>
              <Text fz="xs" c="dimmed">
                OpenNode posts charge and withdrawal updates here, signed with the charge's API key
                (hashed_order). Set by the deployment's public address; not editable.
              </Text>
              <Code data-testid="opennode-callback-url">{state.Derived.callbackUrl ?? ''}</Code>
            </Stack>
            <Stack gap={4}>
              <Text fz="sm" fw={500}>
                Status mapping
              </Text>
              <Table withTableBorder verticalSpacing={4} aria-label="Status mapping">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>OpenNode charge</Table.Th>
                    <Table.Th>Our transaction</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {OPENNODE_STATUS_MAPPING.map((row) => (
                    <Table.Tr key={row.opennode}>
                      <Table.Td>{row.opennode}</Table.Td>
                      <Table.Td>{row.ours}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Stack>
          </SimpleGrid>
        </Card>
      )}
    />
  );
}

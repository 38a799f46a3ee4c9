import { type RoleReach, roleReach } from '@bo/contract';
import { Accordion, Anchor, Badge, Group, List, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { loadCallTables } from '../../../lib/api/main-client';
import { BUILT_ROUTES } from '../../../lib/routes/built-routes';

/** The contract's call tables, loaded once (they are what the admin client already uses). */
const useCallTables = () =>
  useQuery({ queryKey: ['call-tables'], queryFn: loadCallTables, staleTime: Number.POSITIVE_INFINITY });

function Sidebar({ reach }: { reach: RoleReach }) {
  const groups = [...new Set(reach.sidebar.map((entry) => entry.group))];
  if (groups.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No sidebar entries: holders see the dashboard only.
      </Text>
    );
  return (
    <Stack gap={6} role="group" aria-label="Sidebar entries">
      {groups.map((group) => (
        <div key={group}>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed">
            {group}
          </Text>
          <Group gap={6}>
            {reach.sidebar
              .filter((entry) => entry.group === group)
              .map((entry) =>
                'route' in entry ? (
                  <Badge
                    key={entry.label}
                    variant={BUILT_ROUTES.has(entry.route) ? 'light' : 'outline'}
                    tt="none"
                    title={
                      BUILT_ROUTES.has(entry.route) ? entry.href : `${entry.href} (screen not built yet)`
                    }
                  >
                    {entry.label}
                  </Badge>
                ) : (
                  <Badge key={entry.label} variant="light" color="gray" tt="none">
                    {entry.label} (links)
                  </Badge>
                ),
              )}
          </Group>
        </div>
      ))}
    </Stack>
  );
}

/**
 * What holders of these slugs see and may call, computed from the contract's own tables (roleReach): the
 * sidebar entries, the routes and the calls. The server checks the same tables, so the preview cannot drift.
 */
export function RolePreview({ slugs }: { slugs: readonly string[] }) {
  const tables = useCallTables();
  if (tables.isPending) return <Skeleton h={160} />;
  if (tables.isError)
    return (
      <Text size="sm" c="dimmed">
        Could not load the call list for the preview.
      </Text>
    );
  const reach = roleReach(slugs, tables.data);
  const adminCalls = reach.calls.filter((call) => call.service === 'admin');
  const restricted = reach.calls.filter((call) => call.access !== 'public' && call.access !== 'login');
  return (
    <Stack gap="sm" aria-label="What this role sees">
      <Text size="sm" fw={600}>
        What this role sees
      </Text>
      <Sidebar reach={reach} />
      <Accordion variant="contained" chevronPosition="left">
        <Accordion.Item value="routes">
          <Accordion.Control>Routes ({reach.routes.length})</Accordion.Control>
          <Accordion.Panel>
            <List size="sm" spacing={2}>
              {reach.routes.map((route) => (
                <List.Item key={route.name}>
                  {BUILT_ROUTES.has(route.name) && !route.path.includes(':') ? (
                    <Anchor component={Link} to={route.path} fz="sm">
                      {route.title}
                    </Anchor>
                  ) : (
                    route.title
                  )}{' '}
                  <Text span size="xs" c="dimmed" ff="monospace">
                    {route.path}
                  </Text>
                </List.Item>
              ))}
            </List>
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="calls">
          <Accordion.Control>
            Calls ({reach.calls.length}; {restricted.length} needing a permission)
          </Accordion.Control>
          <Accordion.Panel>
            <Group gap={4}>
              {adminCalls.map((call) => (
                <Badge
                  key={call.name}
                  variant="light"
                  size="sm"
                  tt="none"
                  color={call.access === 'login' || call.access === 'public' ? 'gray' : 'blue'}
                  title={`Needs ${call.access}`}
                >
                  {call.name}
                </Badge>
              ))}
            </Group>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </Stack>
  );
}

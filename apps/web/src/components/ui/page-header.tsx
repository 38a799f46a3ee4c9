import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface PageHeaderProps {
  title: string;
  /** One dimmed line under the title saying what the screen is for. */
  description?: ReactNode;
  /** Controls on the right (filters, toggles, links); they wrap under the title on narrow screens. */
  actions?: ReactNode;
}

/** The title block every admin screen opens with, so the screens read alike. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap">
      <div>
        <Title order={1} size="h3">
          {title}
        </Title>
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
      </div>
      {actions}
    </Group>
  );
}

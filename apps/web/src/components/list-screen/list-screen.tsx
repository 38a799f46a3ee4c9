import { Card, Group, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { PageHeader } from '../ui/page-header';

export interface ScreenHeaderProps {
  /** The screen's heading (h1); the document title comes from the route (app/document-title.tsx). */
  title: string;
  description?: ReactNode;
  /** Buttons on the right: export, create… */
  actions?: ReactNode;
}

/** The heading block every screen opens with. */
export function ScreenHeader(props: ScreenHeaderProps) {
  return <PageHeader {...props} />;
}

export interface ListScreenProps extends ScreenHeaderProps {
  /** Filter controls, laid out in one wrapping row above the table. */
  filters?: ReactNode;
  /** The list's card title (h2), when the screen has more than one list. */
  listTitle?: string;
  /** Content above the list (summaries, notices). */
  before?: ReactNode;
  /** The table, usually a DataTable. */
  children: ReactNode;
}

/**
 * A list screen as declarations: heading, filters and the table in a card. Anything bespoke goes in
 * `before` or beside it; the screen stays ordinary React.
 */
export function ListScreen({
  title,
  description,
  actions,
  filters,
  listTitle,
  before,
  children,
}: ListScreenProps) {
  return (
    <Stack gap="lg">
      <ScreenHeader title={title} description={description} actions={actions} />
      {filters ? (
        <Group gap="sm" align="flex-end" wrap="wrap">
          {filters}
        </Group>
      ) : null}
      {before}
      <ListCard title={listTitle}>{children}</ListCard>
    </Stack>
  );
}

export interface ListCardProps {
  /** The card's heading (h2), which also names the region. */
  title?: string;
  /** Controls on the heading's right. */
  actions?: ReactNode;
  children: ReactNode;
}

/** One list in a card with its heading: a screen with several lists stacks these under its ScreenHeader. */
export function ListCard({ title, actions, children }: ListCardProps) {
  const headingId = useId();
  return (
    <Card component="section" padding="md" aria-labelledby={title ? headingId : undefined}>
      {title || actions ? (
        <Group justify="space-between" mb="sm" wrap="wrap">
          {title ? (
            <Title order={2} size="h5" id={headingId}>
              {title}
            </Title>
          ) : (
            <span />
          )}
          {actions}
        </Group>
      ) : null}
      {children}
    </Card>
  );
}

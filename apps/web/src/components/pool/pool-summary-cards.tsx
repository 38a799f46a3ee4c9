import type { IntegrationMode } from '@bo/contract';
import { Badge, Card, SimpleGrid, Text, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { privacyStyle } from '../../lib/format/privacy-style';
import { useAppStore } from '../../lib/session/session.store';

export interface PoolCard {
  title: string;
  value: ReactNode;
  /** A second line under the figure (a threshold, a count). */
  hint?: ReactNode;
  /** Blurred in Privacy Mode (amounts, values). */
  isPrivate?: boolean;
  /** Red when the figure needs someone (a keeper below its threshold, gas above its maximum). */
  isAlert?: boolean;
}

/**
 * The figures above a pool's list (XChange Offline Pool, XRP Pool, Ether Pool): one card per figure, the
 * same look on every pool screen. Each card is a region named by its title.
 */
export function PoolSummaryCards({ cards }: { cards: readonly PoolCard[] }) {
  const blur = privacyStyle(useAppStore((s) => s.privacyMode));
  return (
    <SimpleGrid cols={{ base: 1, sm: Math.min(3, cards.length), lg: cards.length }} spacing="md">
      {cards.map((card) => (
        <Card
          key={card.title}
          component="section"
          aria-label={card.title}
          padding="md"
          style={card.isAlert ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
          withBorder={card.isAlert}
        >
          <Text size="xs" c="dimmed" fw={700} tt="uppercase">
            {card.title}
          </Text>
          <Text
            fz={20}
            fw={700}
            mt={4}
            ff="monospace"
            c={card.isAlert ? 'red' : undefined}
            style={card.isPrivate ? blur : undefined}
          >
            {card.value}
          </Text>
          {card.hint ? (
            <Text size="xs" c={card.isAlert ? 'red' : 'dimmed'} mt={2}>
              {card.hint}
            </Text>
          ) : null}
        </Card>
      ))}
    </SimpleGrid>
  );
}

const MODE_LABEL: Record<IntegrationMode, { label: string; color: string; help: string }> = {
  fake: {
    label: 'FAKE',
    color: 'gray',
    help: 'The local sandbox chain (INTEGRATIONS_MODE=fake): no real funds move.',
  },
  real: { label: 'LIVE', color: 'red', help: 'The real network: sweeps move real funds.' },
};

/** Whether a pool talks to the sandbox or the real chain: a deployment setting, shown, never chosen here. */
export function IntegrationModeBadge({ mode }: { mode: IntegrationMode }) {
  const shown = MODE_LABEL[mode];
  return (
    <Tooltip label={shown.help}>
      <Badge color={shown.color} variant="filled" size="lg" aria-label={`Chain: ${shown.label}`}>
        {shown.label}
      </Badge>
    </Tooltip>
  );
}

import { ActionIcon, Group } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render-app';
import { ACTIONS_CLASS, ACTIONS_STYLE, IconButton } from './row-actions';

/** What makes a button look like Mantine's ActionIcon: its classes, data attributes and colour variables. */
const look = (button: HTMLElement) => ({
  className: button.className,
  variant: button.dataset.variant,
  size: button.dataset.size,
  style: button.getAttribute('style'),
  icon: button.firstElementChild?.className,
});

describe('row action buttons', () => {
  it.each([
    ['subtle', undefined],
    ['light', 'yellow'],
  ] as const)('look exactly like a small %s ActionIcon (%s)', (variant, color) => {
    renderWithProviders(
      <>
        <ActionIcon variant={variant} color={color} size="sm" aria-label="mantine">
          x
        </ActionIcon>
        <IconButton variant={variant} color={color} aria-label="plain">
          x
        </IconButton>
      </>,
    );
    const mantine = screen.getByRole('button', { name: 'mantine' });
    const plain = screen.getByRole('button', { name: 'plain' });
    expect(look(plain)).toEqual(look(mantine));
    expect(plain).toHaveAttribute('type', 'button');
  });

  it('sit side by side as a Group with a 2px gap that does not wrap', () => {
    renderWithProviders(
      <>
        <Group gap={2} wrap="nowrap" data-testid="mantine" />
        <div className={ACTIONS_CLASS} style={ACTIONS_STYLE} data-testid="plain" />
      </>,
    );
    const mantine = screen.getByTestId('mantine');
    const plain = screen.getByTestId('plain');
    expect(plain.className).toBe(mantine.className);
    expect(plain.getAttribute('style')).toBe(mantine.getAttribute('style'));
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-app';
import { openConfirm } from './confirm';

describe('openConfirm', () => {
  it('runs the action only after the user confirms', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(null);
    openConfirm({
      title: 'Mark as paid?',
      message: 'This changes the balance.',
      confirmLabel: 'Mark paid',
      onConfirm,
    });
    expect(await screen.findByRole('dialog', { name: 'Mark as paid?' })).toHaveTextContent(
      'This changes the balance.',
    );
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Mark paid' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});

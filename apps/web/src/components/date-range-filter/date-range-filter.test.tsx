import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-app';
import { DateRangeFilter } from './date-range-filter';

describe('DateRangeFilter', () => {
  it('says when From is after To', () => {
    renderWithProviders(
      <DateRangeFilter from="2026-03-10" to="2026-03-01" today="2026-03-20" onChange={vi.fn()} />,
    );
    expect(screen.getByText('From date can not be greater than To date')).toBeInTheDocument();
  });

  it('says when To is after today (a link can carry one the picker would not offer)', () => {
    renderWithProviders(
      <DateRangeFilter from={null} to="2026-03-25" today="2026-03-20" onChange={vi.fn()} />,
    );
    expect(screen.getByText('To date can not be greater than today')).toBeInTheDocument();
  });

  it('applies a picked day, labelled UTC, and offers no day after today', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <DateRangeFilter from={null} to="2026-03-20" today="2026-03-20" onChange={onChange} />,
    );
    expect(screen.queryByText(/can not be greater/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'To (UTC)' }));
    expect(screen.getByRole('button', { name: '21 March 2026' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: '18 March 2026' }));
    expect(onChange).toHaveBeenCalledWith({ from: null, to: '2026-03-18' });
  });
});

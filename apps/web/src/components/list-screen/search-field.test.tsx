import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-app';
import { SearchField } from './search-field';

describe('SearchField', () => {
  it('keeps what is typed and passes it on, trimmed, once typing pauses', async () => {
    const onChange = vi.fn();
    renderWithProviders(<SearchField value="" onChange={onChange} placeholder="Coin" debounceMs={50} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), ' bitcoin ');
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue(' bitcoin ');
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('bitcoin'));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('applies the text at once when the box is left, and the pause ending later writes nothing stale', async () => {
    const writes: string[] = [];
    // The address as a list screen keeps it: what onChange writes comes back as the value.
    function Screen() {
      const [q, setQ] = useState('bitcoin');
      return (
        <>
          <SearchField
            value={q}
            onChange={(next) => {
              writes.push(next);
              setQ(next);
            }}
            debounceMs={300}
          />
          <button type="button" onClick={() => setQ('')}>
            Reset
          </button>
        </>
      );
    }
    renderWithProviders(<Screen />);
    const box = screen.getByRole('textbox', { name: 'Search' });
    await userEvent.clear(box);
    await userEvent.type(box, 'ltc');
    await userEvent.click(document.body);
    expect(writes).toEqual(['ltc']);
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(writes).toEqual(['ltc']);

    // A change of the address from elsewhere shows in the box and is not written back.
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(box).toHaveValue('');
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(writes).toEqual(['ltc']);
  });
});

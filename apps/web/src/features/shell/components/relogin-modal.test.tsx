import { MESSAGES } from '@bo/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useAppStore } from '../../../lib/session/session.store';
import { mockApi, SESSION, signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

describe('ReloginModal', () => {
  it("never takes over another account's live session that the browser holds", async () => {
    let sessionChecks = 0;
    mockApi(
      signedInRoutes(['view-users'], {
        RecentRegistrations: { status: 401, message: 'unauthorized' },
        'POST /Login': { status: 409, statusCode: 409, message: MESSAGES.sessionExists },
        // The boot finds alice; by the time the modal asks, another tab has signed the browser in as bob.
        'GET /Session': () => {
          sessionChecks += 1;
          return { data: sessionChecks === 1 ? SESSION : { ...SESSION, ID: 8, Username: 'bob' } };
        },
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/dashboard');
    const dialog = await screen.findByRole('dialog', { name: 'Session expired' });
    await user.type(screen.getByLabelText(/^Password/), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Solve bot check' }));
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText(MESSAGES.sessionExists)).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
    expect(useAppStore.getState().session?.Username).toBe('alice');
  });
});

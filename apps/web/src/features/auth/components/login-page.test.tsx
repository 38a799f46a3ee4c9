import { MESSAGES, PRODUCT_CONFIG_ELEMENT_ID } from '@bo/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FAKE_BOT_PAYLOAD } from '../../../test/fake-bot-check';
import { CONFIG, mockApi, SESSION, signedInRoutes, signedOutRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const openLogin = async () => {
  renderApp('/login');
  return screen.findByRole('button', { name: 'Login' });
};

describe('LoginPage', () => {
  it('shows the product name the page carries, without asking the Config call', async () => {
    // As the server writes it into every page (apps/server/src/plugins/web-app.ts).
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = PRODUCT_CONFIG_ELEMENT_ID;
    block.textContent = JSON.stringify({ ...CONFIG, productName: 'Harbour Pay' });
    document.head.append(block);
    try {
      const { calls } = mockApi(signedOutRoutes());
      await openLogin();
      expect(screen.getByText('Harbour Pay')).toBeInTheDocument();
      await waitFor(() => expect(document.title).toBe('Login | Harbour Pay Admin'));
      expect(calls.map((c) => c.url.pathname)).toEqual(['/api/main/Session']);
    } finally {
      block.remove();
    }
  });

  it('shows the required messages on empty fields', async () => {
    mockApi(signedOutRoutes());
    const user = userEvent.setup();
    const login = await openLogin();
    await user.clear(screen.getByLabelText(/2 factor authentication/));
    await user.click(login);
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('2 factor authentication is required')).toBeInTheDocument();
  });

  it('prefills 2 factor authentication with 000000', async () => {
    mockApi(signedOutRoutes());
    await openLogin();
    expect(screen.getByLabelText(/2 factor authentication/)).toHaveValue('000000');
  });

  it('asks to verify not a robot when the bot check is not solved, without calling the server', async () => {
    const { calls } = mockApi(signedOutRoutes());
    const user = userEvent.setup();
    const login = await openLogin();
    await user.type(screen.getByLabelText(/Username/), 'alice');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse');
    await user.click(login);
    expect(await screen.findByText(MESSAGES.botCheck)).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === '/api/main/Login')).toBe(false);
  });

  it('signs in, opens the dashboard and welcomes the user with the product name', async () => {
    let sessionCalls = 0;
    const { calls } = mockApi(
      signedInRoutes([], {
        'GET /Session': () =>
          sessionCalls++ === 0 ? { status: 401, message: 'unauthorized' } : { data: SESSION },
        'POST /Login': { data: SESSION },
      }),
    );
    const user = userEvent.setup();
    const login = await openLogin();
    await user.type(screen.getByLabelText(/Username/), 'alice');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Solve bot check' }));
    await user.click(login);

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(await screen.findByText('Welcome to Acme Pay')).toBeInTheDocument();
    const loginCall = calls.find((c) => c.url.pathname === '/api/main/Login');
    expect(loginCall?.body).toEqual({
      User: 'alice',
      Password: 'correct horse',
      totp: '000000',
      'g-recaptcha-response': FAKE_BOT_PAYLOAD,
      output: 'json',
    });
    expect(loginCall?.headers.get('X-Requested-With')).toBe('backoffice');
  });

  it('shows the server message, keeps the username and resets the bot check when login fails', async () => {
    mockApi(signedOutRoutes({ 'POST /Login': { status: 401, message: MESSAGES.invalidCredentials } }));
    const user = userEvent.setup();
    const login = await openLogin();
    await user.type(screen.getByLabelText(/Username/), 'alice');
    await user.type(screen.getByLabelText(/^Password/), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Solve bot check' }));
    await user.click(login);

    expect(await screen.findByText(MESSAGES.invalidCredentials)).toBeInTheDocument();
    expect(screen.getByLabelText(/Username/)).toHaveValue('alice');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Solve bot check' })).toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('shows an error and stops when a session already exists', async () => {
    const { calls } = mockApi(
      signedOutRoutes({ 'POST /Login': { status: 409, statusCode: 409, message: MESSAGES.sessionExists } }),
    );
    const user = userEvent.setup();
    const login = await openLogin();
    await user.type(screen.getByLabelText(/Username/), 'alice');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Solve bot check' }));
    await user.click(login);

    expect(await screen.findByText(MESSAGES.sessionExists)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(calls.some((c) => c.url.searchParams.get('Call') === 'GenerateJWTToken')).toBe(false);
  });

  it('labels exactly one control with Password, so end-to-end lookups by label are unambiguous', async () => {
    mockApi(signedOutRoutes());
    await openLogin();
    expect(screen.getAllByLabelText(/password/i)).toHaveLength(1);
    expect(screen.getAllByLabelText(/username/i)).toHaveLength(1);
  });

  it('links to forgot-password', async () => {
    mockApi(signedOutRoutes());
    await openLogin();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});

import { MESSAGES } from '@bo/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FAKE_BOT_PAYLOAD } from '../../../test/fake-bot-check';
import { mockApi, signedOutRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const TOKEN = 'a'.repeat(40);

describe('ForgotPasswordPage', () => {
  it("asks for the bot check, then shows the server's message", async () => {
    const { calls } = mockApi(
      signedOutRoutes({ 'POST /ForgotPassword': { message: MESSAGES.resetRequested } }),
    );
    const user = userEvent.setup();
    renderApp('/forgot-password');
    await user.type(await screen.findByLabelText(/Username or e-mail/), 'alice');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(MESSAGES.botCheck)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Solve bot check' }));
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(MESSAGES.resetRequested)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
    expect(calls.find((c) => c.url.pathname === '/api/main/ForgotPassword')?.body).toEqual({
      User: 'alice',
      'g-recaptcha-response': FAKE_BOT_PAYLOAD,
    });
  });
});

describe('ResetPasswordPage', () => {
  it('requires at least 12 characters and matching passwords', async () => {
    mockApi(signedOutRoutes());
    const user = userEvent.setup();
    renderApp(`/reset-password?token=${TOKEN}`);
    await user.type(await screen.findByLabelText(/New password/), 'short');
    await user.type(screen.getByLabelText(/Confirm password/), 'different');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Use at least 12 characters')).toBeInTheDocument();
  });

  it('shows the server error for an expired link', async () => {
    mockApi(signedOutRoutes({ 'POST /ResetPassword': { status: 400, message: MESSAGES.resetInvalid } }));
    const user = userEvent.setup();
    renderApp(`/reset-password?token=${TOKEN}`);
    await user.type(await screen.findByLabelText(/New password/), 'a long enough password');
    await user.type(screen.getByLabelText(/Confirm password/), 'a long enough password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.resetInvalid);
  });

  it('confirms the change and links to login', async () => {
    const { calls } = mockApi(signedOutRoutes({ 'POST /ResetPassword': { message: MESSAGES.resetDone } }));
    const user = userEvent.setup();
    renderApp(`/reset-password?token=${TOKEN}`);
    await user.type(await screen.findByLabelText(/New password/), 'a long enough password');
    await user.type(screen.getByLabelText(/Confirm password/), 'a long enough password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(MESSAGES.resetDone)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
    expect(calls.find((c) => c.url.pathname === '/api/main/ResetPassword')?.body).toEqual({
      token: TOKEN,
      Password: 'a long enough password',
      Confirm: 'a long enough password',
    });
  });

  it('explains that a link without a token is invalid', async () => {
    mockApi(signedOutRoutes());
    renderApp('/reset-password');
    expect(await screen.findByText(MESSAGES.resetInvalid)).toBeInTheDocument();
  });
});

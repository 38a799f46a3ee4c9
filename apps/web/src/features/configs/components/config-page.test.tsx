import {
  AUTOMATION_CONFIG_DEFAULTS,
  type ConfigState,
  type ConfigTestRun,
  type ConfigVersion,
  OPENNODE_CONFIG_DEFAULTS,
  OPENNODE_MESSAGES,
} from '@bo/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, type RecordedCall, signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

// jsdom has no FontFaceSet; Mantine's autosizing textarea (the save dialog's comment) listens on it.
beforeAll(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
});

const callsOf = (calls: RecordedCall[], name: string) =>
  calls.filter((c) => c.url.searchParams.get('Call') === name);

const draft = (extra: Partial<ConfigVersion> = {}): ConfigVersion => ({
  Version: 1,
  Status: 'draft',
  Values: OPENNODE_CONFIG_DEFAULTS,
  Secrets: {
    invoiceApiKey: {
      Last4: '8c1f',
      Fingerprint: '0123456789abcdef',
      SetBy: 'admin',
      SetAt: '2026-11-28T09:00:00.000Z',
    },
    withdrawalApiKey: null,
  },
  Author: 'admin',
  Comment: null,
  Approver: null,
  DecisionNote: null,
  CreatedAt: '2026-11-28T09:00:00.000Z',
  SubmittedAt: null,
  DecidedAt: null,
  ActivatedAt: null,
  ...extra,
});

const openNode = (extra: Partial<ConfigState> = {}): ConfigState => ({
  Namespace: 'opennode',
  Title: 'OpenNode Config',
  Head: 1,
  Active: null,
  Pending: null,
  Draft: draft(),
  Defaults: OPENNODE_CONFIG_DEFAULTS,
  StepUpWith: 'password',
  Badge: 'FAKE',
  LastTest: null,
  Derived: { callbackUrl: 'https://bo.example.com/api/hooks/opennode' },
  ...extra,
});

const run = (extra: Partial<ConfigTestRun> = {}): ConfigTestRun => ({
  Version: 1,
  Ok: true,
  Message: 'Key valid · env dev · permission Invoice',
  LatencyMs: 142,
  By: 'admin',
  At: '2026-11-28T09:05:00.000Z',
  ...extra,
});

describe('Config screens: mode badge and Test connection', () => {
  it('shows the deployment’s mode, tests the shown version and shows the result line', async () => {
    let state = openNode();
    const { calls } = mockApi(
      signedInRoutes(['admin-commander'], {
        GetConfig: () => ({ data: state }),
        TestConfig: () => {
          state = openNode({ LastTest: run() });
          return { data: run() };
        },
      }),
    );
    renderApp('/admin/open-node-config');
    expect(await screen.findByTestId('config-mode')).toHaveTextContent('FAKE');
    expect(screen.getByTestId('opennode-callback-url')).toHaveTextContent(
      'https://bo.example.com/api/hooks/opennode',
    );
    expect(screen.getByText(/•••• 8c1f/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    const line = await screen.findByTestId('config-test-result');
    expect(line).toHaveTextContent(
      'v1: Key valid · env dev · permission Invoice · 142 ms · 2026-11-28 09:05 UTC',
    );
    expect(callsOf(calls, 'TestConfig')[0]?.body).toEqual({ Namespace: 'opennode', Version: 1 });
  });

  it('shows a refused key in the result line and a LIVE badge as the deployment says', async () => {
    mockApi(
      signedInRoutes(['admin-commander'], {
        GetConfig: {
          data: openNode({
            Badge: 'LIVE',
            LastTest: run({
              Ok: false,
              Message: 'OpenNode refused the key (401). Check that it belongs to the dev environment.',
            }),
          }),
        },
      }),
    );
    renderApp('/admin/open-node-config');
    expect(await screen.findByTestId('config-mode')).toHaveTextContent('LIVE');
    expect(screen.getByTestId('config-test-result')).toHaveTextContent(
      '✗ v1: OpenNode refused the key (401). Check that it belongs to the dev environment.',
    );
  });

  it('asks for the invoice key before saving when none is set, on the secret itself', async () => {
    const { calls } = mockApi(
      signedInRoutes(['admin-commander'], {
        GetConfig: { data: openNode({ Head: 0, Draft: null }) },
      }),
    );
    renderApp('/admin/open-node-config');
    const expiry = await screen.findByLabelText('Charge expiry (minutes)');
    fireEvent.change(expiry, { target: { value: '30' } });
    // Nothing saved yet: the test has nothing to run on.
    expect(screen.getByRole('button', { name: 'Test connection' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(OPENNODE_MESSAGES.invoiceKeyMissing)).toBeInTheDocument();
    await waitFor(() => expect(callsOf(calls, 'SaveConfigDraft')).toHaveLength(0));
    // Once typed, the key satisfies the schema and the step-up dialog opens.
    fireEvent.click(screen.getByRole('button', { name: 'Set Invoice API key' }));
    fireEvent.change(screen.getByLabelText('New Invoice API key'), {
      target: { value: 'dev-invoice-demo-8c1f' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByRole('dialog', { name: 'Save draft' })).toBeInTheDocument();
    expect(screen.queryByText(OPENNODE_MESSAGES.invoiceKeyMissing)).toBeNull();
  });

  it('shows neither badge nor Test connection for a config without a connection', async () => {
    mockApi(
      signedInRoutes(['admin-commander'], {
        GetConfig: {
          data: {
            ...openNode({ Draft: null, Head: 0, Badge: null, Derived: {} }),
            Namespace: 'automation',
            Title: 'Automation Config',
            Defaults: AUTOMATION_CONFIG_DEFAULTS,
          },
        },
      }),
    );
    renderApp('/admin/automation-config');
    expect(await screen.findByTestId('config-status')).toBeInTheDocument();
    expect(screen.queryByTestId('config-mode')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Test connection' })).toBeNull();
  });
});

import type { AltCoin } from '@bo/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useAppStore } from '../../../lib/session/session.store';
import { type Answer, mockApi, SESSION, signedInRoutes } from '../../../test/mock-api';
import { renderApp, renderWithProviders } from '../../../test/render-app';
import { CoinConverter } from './coin-converter';

const coin = (ID: number, Name: string, ShortName: string): AltCoin => ({
  ID,
  Name,
  ShortName,
  LongName: Name,
  isOnline: true,
  Priority: 1,
  vFiat: 0,
  BuyEnabled: true,
});
const COINS = [coin(1, 'Bitcoin', 'BTC'), coin(5, 'Ethereum', 'ETH'), coin(625, 'Euro', 'EUR')];

/** Answers Fiatlookup from a table of 'AltCoinID>FiatMoney' → OutputValue for 1 unit; other pairs answer []. */
const fiatLookup =
  (rates: Record<string, string>) =>
  (request: Request): Answer => {
    const q = new URL(request.url).searchParams;
    const rate = rates[`${q.get('AltCoinID')}>${q.get('FiatMoney')}`];
    if (rate === undefined) return { data: [] };
    const amount = q.get('Amount') ?? '1';
    // The test rates are whole numbers, so the product is exact in a float too.
    return { data: [{ OutputValue: (Number(amount) * Number(rate)).toFixed(8) }] };
  };

const setUp = (rates: Record<string, string>) => {
  const api = mockApi(
    signedInRoutes([], { ListAltCoins: { data: COINS }, 'GET /v2REAPI?Call=Fiatlookup': fiatLookup(rates) }),
  );
  useAppStore.setState({ session: SESSION, token: 'jwt-1', isLoggedIn: true });
  const user = userEvent.setup();
  renderWithProviders(<CoinConverter />);
  const lookups = () => api.calls.filter((c) => c.url.searchParams.get('Call') === 'Fiatlookup');
  return { user, lookups };
};

const open = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: 'Coin converter' }));
  return screen.findByRole('dialog', { name: 'Coin converter' });
};

describe('CoinConverter', () => {
  it('converts 1 Bitcoin to euro by default and shows 8 decimals', async () => {
    const { user, lookups } = setUp({ '1>EUR': '90000' });
    const dialog = await open(user);
    expect(await within(dialog).findByDisplayValue('90,000.00000000')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'From' })).toHaveValue('Bitcoin (BTC)');
    expect(within(dialog).getByRole('combobox', { name: 'To' })).toHaveValue('Euro (EUR)');
    expect(within(dialog).getByLabelText('Amount')).toHaveValue('1');
    expect(Object.fromEntries(lookups()[0]?.url.searchParams ?? [])).toEqual({
      Call: 'Fiatlookup',
      AltCoinID: '1',
      Amount: '1',
      FiatLookup: '0',
      FiatMoney: 'EUR',
    });
  });

  it('turns a comma into a dot, strips other characters and floors to 8 decimals', async () => {
    const { user, lookups } = setUp({ '1>EUR': '2' });
    const dialog = await open(user);
    const amount = within(dialog).getByLabelText('Amount');
    await user.clear(amount);
    await user.type(amount, '2,5x');
    expect(amount).toHaveValue('2.5');
    // A pasted amount goes through the same cleaning in one go.
    await user.clear(amount);
    await user.paste('0,123456789abc');
    expect(amount).toHaveValue('0.12345678');
    expect(await within(dialog).findByDisplayValue('0.24691356')).toBeInTheDocument();
    expect(lookups().at(-1)?.url.searchParams.get('Amount')).toBe('0.12345678');
  });

  it('asks with the target coin short name when another target is chosen', async () => {
    const { user, lookups } = setUp({ '1>EUR': '90000', '1>ETH': '30' });
    const dialog = await open(user);
    await within(dialog).findByDisplayValue('90,000.00000000');
    await user.click(within(dialog).getByRole('combobox', { name: 'To' }));
    await user.click(await within(dialog).findByRole('option', { name: 'Ethereum (ETH)' }));
    expect(await within(dialog).findByDisplayValue('30.00000000')).toBeInTheDocument();
    expect(lookups().at(-1)?.url.searchParams.get('FiatMoney')).toBe('ETH');
  });

  it('inverts the reverse rate when the pair has no direct rate', async () => {
    const { user, lookups } = setUp({ '625>BTC': '0.00001111' });
    const dialog = await open(user);
    // 1 / 0.00001111, exactly and floored.
    expect(await within(dialog).findByDisplayValue('90,009.00090009')).toBeInTheDocument();
    const [forward, reverse] = lookups().map((c) => Object.fromEntries(c.url.searchParams));
    expect(forward).toMatchObject({ AltCoinID: '1', FiatMoney: 'EUR' });
    expect(reverse).toMatchObject({ AltCoinID: '625', FiatMoney: 'BTC', Amount: '1' });
  });

  it('clears the value when neither direction has a rate', async () => {
    const { user, lookups } = setUp({});
    const dialog = await open(user);
    expect(await within(dialog).findByText('No rate for this pair.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Result')).toHaveValue('');
    expect(lookups()).toHaveLength(2);
  });

  it("asks again on refresh and says 'Rate refreshed'", async () => {
    const { user, lookups } = setUp({ '1>EUR': '90000' });
    const dialog = await open(user);
    await within(dialog).findByDisplayValue('90,000.00000000');
    const before = lookups().length;
    await user.click(within(dialog).getByRole('button', { name: 'Refresh rate' }));
    expect(await screen.findByText('Rate refreshed')).toBeInTheDocument();
    expect(lookups().length).toBe(before + 1);
  });

  it('asks nothing until it is opened', async () => {
    const { lookups } = setUp({ '1>EUR': '90000' });
    await screen.findByRole('button', { name: 'Coin converter' });
    expect(lookups()).toHaveLength(0);
  });
});

describe('CoinConverter in the header', () => {
  it('sits in the top bar of the admin layout', async () => {
    mockApi(signedInRoutes([]));
    renderApp('/admin/dashboard');
    expect(await screen.findByRole('button', { name: 'Coin converter' })).toBeInTheDocument();
  });
});

import { configField, kucoinBrokerConfigSchema } from '@bo/contract';
import { schemaResolver, useForm } from '@mantine/form';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderWithProviders } from '../../test/render-app';
import { configSections } from './config-fields';
import { ConfigForm } from './config-form';

const schema = z
  .object({
    permissions: configField(
      z.array(z.enum(['General', 'Spot', 'Futures'])).min(1, 'Choose at least one permission'),
      {
        label: 'Permissions',
        group: 'Keys',
      },
    ),
    ips: configField(z.array(z.string()).max(3, 'At most 3 addresses'), {
      label: 'IP whitelist',
      group: 'Keys',
    }),
    coins: configField(z.array(z.number().int()), { label: 'Allowed coins', group: 'Keys', widget: 'coin' }),
  })
  .superRefine((v, ctx) => {
    v.ips.forEach((ip, i) => {
      if (!/^\d+\.\d+\.\d+\.\d+$/.test(ip))
        ctx.addIssue({ code: 'custom', message: `${ip} is not an IPv4 address`, path: ['ips', i] });
    });
  });
type Values = Record<string, unknown>;

function Harness({ initial }: { initial: Values }) {
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: initial,
    validate: schemaResolver(schema, { sync: true }),
  });
  return (
    <>
      <ConfigForm
        schema={schema}
        form={form}
        secrets={{}}
        secretEdits={{}}
        onSecretEdits={() => undefined}
        coinOptions={[
          { value: '1', label: 'Bitcoin (BTC)' },
          { value: '5', label: 'Ethereum (ETH)' },
        ]}
      />
      <button type="button" onClick={() => form.validate()}>
        Check
      </button>
      <output data-testid="values">{JSON.stringify(form.getValues())}</output>
    </>
  );
}

const values = () => JSON.parse(screen.getByTestId('values').textContent ?? '{}') as Values;

describe('ConfigForm lists of choices and of texts', () => {
  it('reads an array of enum values and an array of coins as multi-selects and an array of texts as a list', () => {
    const fields = configSections(kucoinBrokerConfigSchema).flatMap((s) => s.fields);
    expect(fields.find((f) => f.key === 'defaultSubPermissions')).toMatchObject({
      kind: 'multiselect',
      enumValues: ['General', 'Spot', 'Futures'],
    });
    expect(fields.find((f) => f.key === 'ipWhitelist')?.kind).toBe('list');
    expect(configSections(schema)[0]?.fields.map((f) => f.kind)).toEqual([
      'multiselect',
      'list',
      'multiselect',
    ]);
  });

  it('adds a choice to a multi-select and keeps coins as numbers', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={{ permissions: ['General'], ips: [], coins: [1] }} />);
    await user.click(screen.getByLabelText('Permissions'));
    await user.click(await screen.findByRole('option', { name: 'Futures' }));
    await user.click(screen.getByLabelText('Allowed coins'));
    await user.click(await screen.findByRole('option', { name: 'Ethereum (ETH)' }));
    expect(values()).toMatchObject({ permissions: ['General', 'Futures'], coins: [1, 5] });
  });

  it('takes list items on Enter and shows the first item’s error under the list', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={{ permissions: ['Spot'], ips: [], coins: [] }} />);
    const list = screen.getByLabelText('IP whitelist');
    await user.type(list, '10.0.0.1{Enter}');
    await user.type(list, 'nonsense{Enter}');
    expect(values()).toMatchObject({ ips: ['10.0.0.1', 'nonsense'] });
    await user.click(screen.getByRole('button', { name: 'Check' }));
    const section = screen.getByRole('region', { name: 'Keys' });
    expect(within(section).getByText('nonsense is not an IPv4 address')).toBeInTheDocument();
  });

  it('names a switch in a table row by its column and row, without repeating the header beside it', () => {
    const rows = z.object({
      sites: configField(
        z.array(z.object({ enabled: configField(z.boolean(), { label: 'Enabled', group: 'Sites' }) })),
        {
          label: 'Sites',
          group: 'Sites',
        },
      ),
    });
    function Rows() {
      const form = useForm<Values>({ mode: 'controlled', initialValues: { sites: [{ enabled: true }] } });
      return (
        <ConfigForm
          schema={rows}
          form={form}
          secrets={{}}
          secretEdits={{}}
          onSecretEdits={() => undefined}
          coinOptions={[]}
        />
      );
    }
    renderWithProviders(<Rows />);
    expect(screen.getByRole('switch', { name: 'Enabled 1' })).toBeChecked();
    expect(screen.getAllByText('Enabled')).toHaveLength(1); // the column header only
  });
});

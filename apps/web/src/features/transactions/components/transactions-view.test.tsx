import {
  AMOUNT_DECIMALS,
  adminPath,
  badgeColor,
  formatUtcDate,
  shownDate,
  type Transaction,
  type TransactionStatus,
} from '@bo/contract';
import { Anchor, Badge, Table, Text } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { Link, MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { formatAskedAmount, formatDecimal } from '../../../lib/format/decimal';
import { privacyStyle } from '../../../lib/format/privacy-style';
import { useAppStore } from '../../../lib/session/session.store';
import { renderWithProviders } from '../../../test/render-app';
import { makeTransaction } from '../../../test/transaction-fixtures';
import { safeTransactionRef } from './transaction-ref';
import { TransactionsView } from './transactions-view';

const nowrap = { whiteSpace: 'nowrap' } as const;
const dateCell = { fontVariantNumeric: 'tabular-nums' } as const;

function MantineDate({ value }: { value: string }) {
  const text = formatUtcDate(value);
  const at = text.indexOf(' ');
  return (
    <>
      <span style={nowrap}>{text.slice(0, at)}</span> <span style={nowrap}>{text.slice(at + 1)}</span>
    </>
  );
}

/** The row's first eight cells as Mantine's components draw them: what the plain cells must equal. */
function MantineRow({ tx, isPrivate }: { tx: Transaction; isPrivate: boolean }) {
  const blur = privacyStyle(isPrivate);
  const ref = safeTransactionRef(tx.Prefix, tx.TransactionID);
  return (
    <Table.Tr>
      <Table.Td style={nowrap} maw={200}>
        <Text span fz="sm" truncate="end" display="block" maw={150} title={tx.ShopTitle} style={blur}>
          {tx.ShopTitle || tx.OwnerNickName}
        </Text>
      </Table.Td>
      <Table.Td style={nowrap}>
        <Anchor component={Link} to={adminPath('transaction-detail', { id: ref })} fz="sm" ff="monospace">
          {ref}
        </Anchor>
      </Table.Td>
      <Table.Td style={nowrap} ta="right">
        <Text span fz="sm" style={blur}>
          {formatAskedAmount(tx.OriginalAmount)} {tx.InputCurrency}
        </Text>
      </Table.Td>
      <Table.Td style={nowrap} ta="right">
        <Text span fz="sm" style={blur} title={tx.LongName}>
          {formatDecimal(tx.Amount, AMOUNT_DECIMALS)} {tx.CoinName}
        </Text>
      </Table.Td>
      <Table.Td style={nowrap}>{tx.TransactionType}</Table.Td>
      <Table.Td style={nowrap}>
        <Badge
          color={badgeColor(tx.Status)}
          variant="light"
          styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
        >
          {tx.Status}
        </Badge>
      </Table.Td>
      <Table.Td style={dateCell} fz={11}>
        <MantineDate value={tx.CreatedOn} />
      </Table.Td>
      <Table.Td style={dateCell} fz={11}>
        <MantineDate value={shownDate(tx)} />
      </Table.Td>
    </Table.Tr>
  );
}

const renderBoth = (tx: Transaction, isPrivate: boolean) => {
  useAppStore.setState({ privacyMode: isPrivate });
  renderWithProviders(
    <MemoryRouter>
      <TransactionsView label="Plain" records={[tx]} sort="CreatedOn" order="desc" onSort={() => undefined} />
      <Table striped highlightOnHover aria-label="Mantine">
        <Table.Tbody>
          <MantineRow tx={tx} isPrivate={isPrivate} />
        </Table.Tbody>
      </Table>
    </MemoryRouter>,
  );
  const rowOf = (label: string) => {
    const row = within(screen.getByRole('table', { name: label }))
      .getAllByRole('row')
      .at(-1);
    if (!row) throw new Error(`no row in ${label}`);
    return row;
  };
  return { plain: rowOf('Plain'), mantine: rowOf('Mantine') };
};

type Drawn = string | { tag: string; attributes: Record<string, string>; children: Drawn[] };

/** An element as the browser draws it: its tag, attributes (in any order) and children. */
const drawn = (node: Node): Drawn => {
  if (!(node instanceof Element)) return node.textContent ?? '';
  const attributes = Object.fromEntries([...node.attributes].map((a) => [a.name, a.value]));
  return { tag: node.tagName, attributes, children: [...node.childNodes].map(drawn) };
};

const cells = (row: HTMLElement) => [...row.children].slice(0, 8).map(drawn);

describe('the transactions table', () => {
  it.each<[TransactionStatus, boolean]>([
    ['paid', false],
    ['waiting', false],
    ['expired', true],
  ])(
    'draws a %s row (privacy %s) exactly as Mantine’s Table, Text, Anchor and Badge would',
    (status, isPrivate) => {
      const tx = makeTransaction({ Status: status, ShopTitle: 'Quiet Canal Coffee & Tea Roasters' });
      const { plain, mantine } = renderBoth(tx, isPrivate);
      expect(cells(plain)).toEqual(cells(mantine));
      for (const attribute of ['class', 'data-with-row-border', 'data-striped', 'data-hover']) {
        expect(plain.getAttribute(attribute), attribute).toBe(mantine.getAttribute(attribute));
      }
    },
  );
});

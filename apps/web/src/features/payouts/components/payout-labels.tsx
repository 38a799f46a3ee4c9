import { PAYOUT_STATE_LABELS, type PayoutState, payoutSchemaLabel } from '@bo/contract';
import { Badge } from '@mantine/core';
import { useProductName } from '../../../lib/config/use-product-config';

/** A payout state's colour: yellow while it waits on people, blue on its way, green paid, red ended unpaid. */
const STATE_COLORS: Record<PayoutState, string> = {
  'awaiting-approval': 'yellow',
  approved: 'blue',
  sent: 'indigo',
  completed: 'green',
  cancelled: 'red',
  failed: 'red',
};

export function PayoutStateBadge({ state }: { state: PayoutState }) {
  return (
    <Badge
      color={STATE_COLORS[state]}
      variant="light"
      tt="none"
      styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {PAYOUT_STATE_LABELS[state]}
    </Badge>
  );
}

/** A payout schema's label as SPEC §3 shows it, the product's name in "Keep with {product}". */
export function SchemaLabel({ value }: { value: string }) {
  const product = useProductName();
  return <>{payoutSchemaLabel(value, product)}</>;
}

import { pageTitle } from '@bo/contract';
import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { useProductName } from '../../../lib/config/use-product-config';
import { PayoutSchemaDetailPage } from './payout-schema-detail-page';
import { PayoutSchemasPage } from './payout-schemas-page';
import { PendingPayoutsPage } from './pending-payouts-page';

/**
 * `payouts` (SPEC §2.1): one view for two routes, told apart by the address: `payouts#pending` is Pending
 * Payouts (the sidebar's link), `payouts/{id}` one merchant's payout schema, plain `payouts` Payout Schemas.
 */
export function PayoutsScreen() {
  const { hash } = useLocation();
  const { id } = useParams();
  const product = useProductName();
  const isPending = hash === '#pending' && id === undefined;
  const title = isPending ? 'Pending Payouts' : 'Payout Schemas';
  // Both routes match `payouts`, so the route's own title may be the other one: the view sets it, after the
  // route's (a parent's effect runs after its child's), and again when the hash changes.
  useEffect(() => {
    const timer = setTimeout(() => {
      document.title = pageTitle(title, product);
    }, 0);
    return () => clearTimeout(timer);
  }, [title, product]);
  if (isPending) return <PendingPayoutsPage />;
  const merchantId = id !== undefined && /^\d{1,10}$/.test(id) ? Number(id) : null;
  if (id !== undefined && merchantId !== null) return <PayoutSchemaDetailPage id={merchantId} />;
  return <PayoutSchemasPage />;
}

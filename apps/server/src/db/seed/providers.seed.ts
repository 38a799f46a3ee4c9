import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../database';

/**
 * Demo mode only: the acquirers' records of the demo platform's fiat payments (SPEC §3 provider fields),
 * derived from the transactions in one statement. Deterministic (ids are hashes of the reference). A real
 * deployment receives these from the providers through the platform feed instead.
 */
export async function deriveDemoProviderPayments(
  db: DbOrTx,
  only?: { prefix: 'T' | 'P'; transactionId: number },
): Promise<void> {
  const scope = only
    ? sql`and t.prefix = ${only.prefix} and t.transaction_id = ${only.transactionId}`
    : sql``;
  await db.execute(sql`
    with src as (
      select t.prefix, t.transaction_id, t.external_provider as provider, t.customer_reference, t.created_on,
        t.status, t.email, t.input_currency as currency, t.original_amount::text as asked,
        coalesce(t.fiat_confirmed_amount, 0)::text as received,
        round(t.original_amount * 100)::bigint as asked_cents,
        round(coalesce(t.fiat_confirmed_amount, 0) * 100)::bigint as received_cents,
        md5(t.prefix || t.transaction_id::text || t.external_provider) as h,
        t.prefix || lpad(t.transaction_id::text, 9, '0') as ref,
        m.shop_title,
        to_char(t.created_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
        to_char(coalesce(t.confirmed_on, t.expired_on, t.updated_on, t.created_on) at time zone 'UTC',
          'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated_at,
        case when t.status in ('paid', 'underpaid') then 'done' when t.status = 'expired' then 'failed'
          else 'open' end as phase
      from transactions t join merchants m on m.id = t.merchant_id
      where t.external_provider is not null and t.status in ('waiting', 'paid', 'underpaid', 'expired') ${scope}
    )
    insert into provider_payments (prefix, transaction_id, provider, customer_reference, details, created_on)
    select prefix, transaction_id, provider, customer_reference,
      case provider
        when 'CardPay' then jsonb_build_object('kind', 'card', 'id', 'ord_' || left(h, 24), 'email', email,
          'order_amount', jsonb_build_object('value', asked, 'currency', currency),
          'state', case phase when 'done' then 'COMPLETED' when 'failed' then 'CANCELLED' else 'PENDING' end,
          'type', 'PAYMENT', 'created_at', created_at, 'updated_at', updated_at)
        when 'BankLink' then jsonb_build_object('kind', 'bank',
          'id', substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-4' || substr(h, 14, 3) || '-a' || substr(h, 18, 3) || '-' || substr(h, 21, 12),
          'reference', coalesce(customer_reference, ref),
          'legs', jsonb_build_array(jsonb_build_object('amount', case phase when 'done' then received else asked end,
            'currency', currency, 'description', 'Payment ' || ref)),
          'state', case phase when 'done' then 'completed' when 'failed' then 'declined' else 'pending' end,
          'type', 'transfer', 'updated_at', updated_at)
        when 'Bunq' then jsonb_build_object('kind', 'bunq', 'id', (('x' || left(h, 8))::bit(32)::bigint)::text,
          'displayname', shop_title, 'receivedamount', case phase when 'done' then received else '0' end,
          'receivedcurrency', currency, 'checkamount', asked,
          'status', case phase when 'done' then 'ACCEPTED' when 'failed' then 'EXPIRED' else 'PENDING' end,
          'description', 'Order ' || coalesce(customer_reference, ref),
          'message', case when status = 'underpaid' then 'Received less than requested' else null end)
        when 'Square' then jsonb_build_object('kind', 'square', 'id', upper(left(h, 22)),
          'totalMoney', asked_cents, 'approvedMoney', case phase when 'done' then received_cents else 0 end,
          'status', case phase when 'done' then 'COMPLETED' when 'failed' then 'CANCELED' else 'APPROVED' end,
          'note', 'Order ' || coalesce(customer_reference, ref), 'receiptUrl', null)
        when 'Stripe' then jsonb_build_object('kind', 'stripe', 'id', 'pi_' || left(h, 24),
          'amount', asked_cents, 'currency', lower(currency),
          'status', case phase when 'done' then 'succeeded' when 'failed' then 'canceled' else 'processing' end,
          'description', 'Order ' || coalesce(customer_reference, ref), 'receipt_url', null)
        when 'Rapyd' then jsonb_build_object('kind', 'rapyd', 'id', 'payment_' || left(h, 24),
          'fields', jsonb_build_object('status', case phase when 'done' then 'CLO' when 'failed' then 'EXP' else 'ACT' end,
            'amount', asked, 'currency_code', currency, 'merchant_reference_id', ref))
        else jsonb_build_object('kind', 'payrexx', 'id', (('x' || left(h, 7))::bit(28)::bigint)::text,
          'fields', jsonb_build_object('status', case phase when 'done' then 'confirmed' when 'failed' then 'cancelled' else 'waiting' end,
            'amount', asked, 'currency', currency, 'referenceId', ref))
      end,
      created_on
    from src
    where provider in ('CardPay', 'BankLink', 'Bunq', 'Square', 'Stripe', 'Rapyd', 'Payrexx')
    on conflict (prefix, transaction_id, provider) do update set details = excluded.details
  `);
}

import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../database';

/** The four-eyes amount the demo data is made with (PAYOUT_FOUR_EYES_EUR's default). */
const DEMO_FOUR_EYES_EUR = '1000';

const CANCEL_REASONS = [
  'Merchant asked to hold the payout',
  'Duplicate request: already paid by bank transfer',
  'Destination failed the compliance check',
  'Amount disputed by the merchant',
];
const FAILURE_REASONS = [
  'The beneficiary bank rejected the transfer: the account is closed',
  'The destination address was rejected by the network',
  'The receiving account does not accept this currency',
];

/**
 * Pending Payouts' demo rows (ADR 0016), one per seeded payout transaction (P), so merchants, coins, amounts
 * and dates are the platform's: completed ones completed (one in seventeen failed), cancelled ones
 * cancelled with a reason, pending ones awaiting a second approval (above the four-eyes amount), approved
 * or sent. The platform asked for all of them; `attributeSeededApprovals` names their approvers once the
 * demo staff exist. Chosen by id, so the same seed gives the same payouts.
 */
export async function seedPayouts(db: DbOrTx): Promise<number> {
  const result = (await db.execute(sql`
    with source as (
      select t.id, t.merchant_id, t.alt_coin_id, t.amount, t.coin_address, t.status, t.created_on,
             coalesce(t.confirmed_on, t.updated_on) as ended_on, m.payout_schema,
             round(t.amount * r.eur, 2) as eur
      from transactions t
      join merchants m on m.id = t.merchant_id
      join rates r on r.alt_coin_id = t.alt_coin_id
      where t.prefix = 'P' and t.status in ('payout-pending', 'payout-completed', 'payout-cancelled') and t.amount > 0
    ), shaped as (
      select *, eur > ${DEMO_FOUR_EYES_EUR}::numeric as four_eyes,
        case
          when status = 'payout-completed' then case when id % 17 = 0 then 'failed' else 'completed' end
          when status = 'payout-cancelled' then 'cancelled'
          when eur > ${DEMO_FOUR_EYES_EUR}::numeric and id % 2 = 0 then 'awaiting-approval'
          when id % 3 = 0 then 'sent'
          else 'approved'
        end as state
      from source
    )
    insert into payouts (merchant_id, alt_coin_id, amount, eur_value, destination, payout_schema, state,
      needs_second_approval, source, requested_on, approved_on, sent_on, rail_reference, completed_on,
      failed_on, failure_reason, cancelled_on, cancel_reason, updated_on)
    select merchant_id, alt_coin_id, amount, eur,
      -- Fiat payouts have no coin address: they go to a bank account.
      case when coalesce(coin_address, '') in ('', 'NA')
        then 'NL' || (10 + id % 89)::text || 'DEMO0' || lpad((id * 7919 % 1000000000)::text, 9, '0')
        else coin_address end,
      payout_schema, state, four_eyes, 'platform', created_on,
      case when state in ('approved', 'sent', 'completed', 'failed') then created_on + interval '20 minutes' end,
      case when state in ('sent', 'completed', 'failed') then created_on + interval '25 minutes' end,
      case when state in ('sent', 'completed', 'failed')
        then 'SBX-' || lpad(id::text, 8, '0') || '-' || upper(substr(md5('payout:' || id), 1, 8)) end,
      case when state = 'completed' then greatest(ended_on, created_on + interval '30 minutes') end,
      case when state = 'failed' then greatest(ended_on, created_on + interval '30 minutes') end,
      case when state = 'failed' then (${sql.param(FAILURE_REASONS)}::text[])[(id % ${FAILURE_REASONS.length}) + 1] end,
      case when state = 'cancelled' then greatest(ended_on, created_on + interval '10 minutes') end,
      case when state = 'cancelled' then (${sql.param(CANCEL_REASONS)}::text[])[(id % ${CANCEL_REASONS.length}) + 1] end,
      greatest(ended_on, created_on + interval '30 minutes')
    from shaped
    returning id`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

/**
 * The seeded payouts above the four-eyes amount were approved by a second person: the demo's `secure`
 * administrator (and cancelled ones by `admin`); each gets the history its steps would have left. Runs after
 * the demo staff are made; changes only seeded rows that name nobody and have no history, so a later start
 * changes nothing.
 */
export async function attributeSeededApprovals(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    update payouts set approved_by_staff_id = (select id from staff where username = 'secure')
    where approved_by_staff_id is null and approved_on is not null and needs_second_approval
      and source = 'platform' and exists (select 1 from staff where username = 'secure')`);
  await db.execute(sql`
    update payouts set cancelled_by_staff_id = (select id from staff where username = 'admin')
    where cancelled_by_staff_id is null and state = 'cancelled' and source = 'platform'
      and exists (select 1 from staff where username = 'admin')`);
  // Their history, as the steps would have been audited: the request, the approval, the rail's send and
  // settlement, or the cancellation. Only for payouts without any history yet, so a later start adds nothing.
  await db.execute(sql`
    with seeded as (
      select p.*, ap.username as approver, ca.username as canceller, ap.id as approver_id, ca.id as canceller_id
      from payouts p
      left join staff ap on ap.id = p.approved_by_staff_id
      left join staff ca on ca.id = p.cancelled_by_staff_id
      where p.source = 'platform'
        and not exists (select 1 from audit_log a where a.entity = 'payout' and a.entity_id = p.id::text)
    ), steps as (
      select requested_on as at, null::integer as staff_id, 'platform' as actor, 'payout.request' as action, id,
        null::jsonb as before,
        jsonb_build_object('State', case when needs_second_approval then 'awaiting-approval' else 'approved' end,
          'Amount', amount::text, 'EurValue', eur_value::text, 'Destination', destination) as after
      from seeded
      union all
      select approved_on, approver_id, coalesce(approver, 'platform'), 'payout.approve', id,
        jsonb_build_object('State', 'awaiting-approval'), jsonb_build_object('State', 'approved')
      from seeded where approved_on is not null and needs_second_approval
      union all
      select sent_on, null, 'payout-rail', 'payout.send', id, jsonb_build_object('State', 'approved'),
        jsonb_build_object('State', 'sent', 'RailReference', rail_reference)
      from seeded where sent_on is not null
      union all
      select completed_on, null, 'payout-rail', 'payout.complete', id, jsonb_build_object('State', 'sent'),
        jsonb_build_object('State', 'completed')
      from seeded where completed_on is not null
      union all
      select failed_on, null, 'payout-rail', 'payout.fail', id, jsonb_build_object('State', 'sent'),
        jsonb_build_object('State', 'failed', 'Reason', failure_reason)
      from seeded where failed_on is not null
      union all
      select cancelled_on, canceller_id, coalesce(canceller, 'platform'), 'payout.cancel', id,
        jsonb_build_object('State', case when approved_on is null then 'awaiting-approval' else 'approved' end),
        jsonb_build_object('State', 'cancelled', 'Reason', cancel_reason)
      from seeded where cancelled_on is not null
    )
    insert into audit_log (at, actor_staff_id, actor_username, action, entity, entity_id, before, after, ip)
    select at, staff_id, actor, action, 'payout', id::text, before, after, '127.0.0.1' from steps
    order by id, at`);
}

import { formatTransactionRef, type GoamlReportInput, goamlReportInputSchema } from '@bo/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { loadGoamlSchema } from '../../modules/reports/goaml/goaml-schema';
import { createReportService } from '../../modules/reports/reports.service';
import type { Db } from '../database';
import { goamlReports, staff, transactions } from '../schema';

const ENTITY = {
  RentityID: '1042',
  RentityName: 'Ledgerline Payments Ltd',
  RentityBranch: 'Head office',
  ReportingFirstName: 'Ada',
  ReportingLastName: 'Admin',
  ReportingEmail: 'compliance@ledgerline.example',
  ReportingOccupation: 'Money laundering reporting officer',
  LocationAddress: '1 Ledger Street',
  LocationCity: 'Vienna',
  LocationCountry: 'AT',
} as const;

/**
 * Demo mode: two filed reports (an STR of three payments, a CTR of one) and a draft UTR still missing its
 * reason, so FIU XML Reports opens populated. Made through the report service, so the filed ones validated
 * against the XSD as any other; once only (the table empty), by the first administrator, after staff exist.
 */
export async function seedGoamlReports(db: Db, now: Date): Promise<number> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(goamlReports);
  if ((existing?.n ?? 0) > 0) return 0;
  const [admin] = await db
    .select({ id: staff.id, username: staff.username })
    .from(staff)
    .orderBy(asc(staff.id))
    .limit(1);
  if (!admin) return 0;
  // The merchant with the most paid payments: the one a compliance officer would look at first.
  const [top] = await db
    .select({ merchantId: transactions.merchantId })
    .from(transactions)
    .where(sql`${transactions.prefix} = 'T' and ${transactions.status} = 'paid'`)
    .groupBy(transactions.merchantId)
    .orderBy(sql`count(*) desc`, asc(transactions.merchantId))
    .limit(1);
  if (!top) return 0;
  const paid = await db
    .select({ prefix: transactions.prefix, transactionId: transactions.transactionId })
    .from(transactions)
    .where(
      sql`${eq(transactions.merchantId, top.merchantId)} and ${transactions.prefix} = 'T' and ${transactions.status} = 'paid'`,
    )
    .orderBy(sql`${transactions.volumeEur} desc`, asc(transactions.id))
    .limit(5);
  const refs = paid.map((p) => formatTransactionRef(p.prefix, p.transactionId));
  if (refs.length < 5) return 0;
  const reports = createReportService({
    db,
    now: () => now,
    schema: loadGoamlSchema(undefined),
    defaults: { rentityId: '', rentityName: '', rentityBranch: '', country: '', currencyCodeLocal: 'EUR' },
  });
  const actor = { staffId: admin.id, username: admin.username, ip: '127.0.0.1' };
  const input = (over: Partial<GoamlReportInput>) =>
    goamlReportInputSchema.parse({ ...ENTITY, MerchantID: top.merchantId, ...over });
  await reports.generate(
    input({
      ReportCode: 'STR',
      TransactionRefs: refs.slice(0, 3),
      EntityReference: 'CASE-2026-001',
      Reason: 'Three large payments within days from deposit addresses traced to a mixing service.',
      Action: 'Merchant payouts held; enhanced due diligence opened.',
      Indicators: ['VA-MIXER', 'VA-VELOCITY'],
    }),
    actor,
  );
  await reports.generate(
    input({
      ReportCode: 'CTR',
      TransactionRefs: refs.slice(3, 4),
      EntityReference: 'CTR-2026-014',
      Reason: 'Single payment at or above the reporting threshold.',
      Action: 'Reported as required; no further action.',
      Indicators: ['VA-CASHTHR'],
    }),
    actor,
  );
  await reports.saveDraft(
    input({ ReportCode: 'UTR', TransactionRefs: refs.slice(4, 5), Action: 'Under review.' }),
    actor,
  );
  return 3;
}

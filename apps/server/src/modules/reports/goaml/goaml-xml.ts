import type { GoamlReportFields } from '@bo/contract';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';

/** A transaction as the report carries it, read from the database. */
export interface GoamlTransaction {
  ref: string;
  status: string;
  amount: string;
  coinShortName: string;
  coinName: string;
  /** Its EUR value at creation: amount_local. */
  volumeEur: string;
  coinAddress: string;
  createdOn: Date;
}

/** The merchant, our client, on the receiving side of every transaction. */
export interface GoamlMerchant {
  name: string;
  shopTitle: string;
  email: string;
  country: string | null;
}

export interface GoamlBuildInput {
  fields: GoamlReportFields;
  merchant: GoamlMerchant;
  transactions: readonly GoamlTransaction[];
  currencyCodeLocal: string;
  submittedOn: Date;
}

/**
 * The codes goAML leaves to each FIU's lists: a virtual-asset transfer, funds in and out as virtual assets, an
 * address of the platform. Named here so the FIU's own codes replace them in one place.
 */
export const GOAML_CODES = { transmode: 'VA', fundsIn: 'VA', fundsOut: 'VA', addressType: 'B' } as const;

/** goAML's dateTime: ISO 8601 without milliseconds or zone (the FIU's own time is UTC for this platform). */
const dateTime = (d: Date) => d.toISOString().slice(0, 19);

/** Two decimals for amount_local, from the exact decimal string (never through a float). */
export function twoDecimals(value: string): string {
  const [whole = '0', fraction = ''] = value.replace(/^-/, '').split('.');
  const cents = BigInt(whole) * 100n + BigInt(`${fraction}00`.slice(0, 2));
  const roundUp = (fraction[2] ?? '0') >= '5' ? 1n : 0n;
  const total = cents + roundUp;
  return `${value.startsWith('-') ? '-' : ''}${total / 100n}.${String(total % 100n).padStart(2, '0')}`;
}

/** Adds a leaf only when it has a value: goAML's optional elements are absent, never empty. */
const optional = (parent: XMLBuilder, name: string, value: string | null | undefined) => {
  if (value !== null && value !== undefined && value !== '') parent.ele(name).txt(value);
};

/**
 * The goAML report XML for the fields staff filled and the transactions they chose, in goAML's element order.
 * Required elements are always written, even empty, so the XSD (not this code) says what is missing.
 */
export function buildGoamlXml(input: GoamlBuildInput): string {
  const { fields, merchant } = input;
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const report = doc.ele('report');
  report.ele('rentity_id').txt(fields.RentityID);
  optional(report, 'rentity_branch', fields.RentityBranch);
  report.ele('submission_code').txt(fields.SubmissionCode);
  report.ele('report_code').txt(fields.ReportCode);
  optional(report, 'entity_reference', fields.EntityReference);
  report.ele('submission_date').txt(dateTime(input.submittedOn));
  report.ele('currency_code_local').txt(input.currencyCodeLocal);

  const person = report.ele('reporting_person');
  person.ele('first_name').txt(fields.ReportingFirstName);
  person.ele('last_name').txt(fields.ReportingLastName);
  person.ele('email').txt(fields.ReportingEmail);
  optional(person, 'occupation', fields.ReportingOccupation);

  const location = report.ele('location');
  location.ele('address_type').txt(GOAML_CODES.addressType);
  location.ele('address').txt(fields.LocationAddress);
  location.ele('city').txt(fields.LocationCity);
  location.ele('country_code').txt(fields.LocationCountry);

  report.ele('reason').txt(fields.Reason);
  report.ele('action').txt(fields.Action);

  for (const t of input.transactions) {
    const tx = report.ele('transaction');
    tx.ele('transactionnumber').txt(t.ref);
    tx.ele('transaction_location').txt('Online: crypto payment to the merchant checkout');
    tx.ele('transaction_description').txt(
      `Payment of ${t.amount} ${t.coinShortName} to ${merchant.shopTitle} (status ${t.status})`,
    );
    tx.ele('date_transaction').txt(dateTime(t.createdOn));
    tx.ele('transmode_code').txt(GOAML_CODES.transmode);
    tx.ele('amount_local').txt(twoDecimals(t.volumeEur));
    const from = tx.ele('t_from');
    from.ele('from_funds_code').txt(GOAML_CODES.fundsIn);
    from.ele('from_funds_comment').txt(`${t.amount} ${t.coinShortName} paid by the merchant's customer`);
    const account = from.ele('from_account');
    // The payer's own wallet is not known to the platform: the deposit address the customer paid to is.
    account.ele('institution_name').txt(`${t.coinName} network`);
    account.ele('account').txt(t.coinAddress);
    account.ele('currency_code').txt(t.coinShortName);
    const to = tx.ele('t_to_my_client');
    to.ele('to_funds_code').txt(GOAML_CODES.fundsOut);
    const entity = to.ele('to_entity');
    entity.ele('name').txt(merchant.name);
    optional(entity, 'commercial_name', merchant.shopTitle);
    optional(entity, 'email', merchant.email);
    // The merchant record's country is free text in older records: only an ISO code is goAML's.
    const country = merchant.country && /^[A-Z]{2}$/.test(merchant.country) ? merchant.country : null;
    optional(entity, 'incorporation_country_code', country);
    optional(to, 'to_country', country);
  }

  if (fields.Indicators.length > 0) {
    const indicators = report.ele('report_indicators');
    for (const code of fields.Indicators) indicators.ele('indicator').txt(code);
  }
  return doc.end({ prettyPrint: true });
}

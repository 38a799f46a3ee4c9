import type { GoamlReportDetail, GoamlReportRow, GoamlSettings, GoamlValidationError } from '@bo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type RecordedCall, signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const callsOf = (calls: RecordedCall[], name: string) =>
  calls.filter((c) => c.url.searchParams.get('Call') === name);

const row = (ID: number, Status: GoamlReportRow['Status']): GoamlReportRow => ({
  ID,
  ReportCode: 'STR',
  Status,
  MerchantID: 12,
  ShopTitle: 'Tulip Shop',
  TransactionCount: 2,
  CreatedBy: 'alice',
  CreatedOn: '2026-11-20T10:00:00.000Z',
  GeneratedBy: Status === 'final' ? 'alice' : null,
  GeneratedOn: Status === 'final' ? '2026-11-20T10:05:00.000Z' : null,
  Sha256: Status === 'final' ? 'ab'.repeat(32) : null,
});

const input = {
  ReportCode: 'STR' as const,
  MerchantID: 12,
  TransactionRefs: ['T000000101', 'T000000102'],
  RentityID: 'ABC',
  RentityName: 'Ledgerline',
  RentityBranch: '',
  SubmissionCode: 'E' as const,
  EntityReference: 'CASE-1',
  ReportingFirstName: 'Ada',
  ReportingLastName: 'Admin',
  ReportingEmail: 'ada@ledgerline.example',
  ReportingOccupation: '',
  LocationAddress: '1 Ledger Street',
  LocationCity: 'Vienna',
  LocationCountry: 'AT',
  Reason: 'Mixer',
  Action: 'Held',
  Indicators: ['VA-MIXER'],
};

const rentityError: GoamlValidationError = {
  Field: 'RentityID',
  Label: 'Reporting entity ID',
  Message: "'ABC' is not a valid value of the atomic type 'xs:int'.",
  Element: 'report/rentity_id',
  Line: 3,
  Raw: "report.xml:3: Schemas validity error : Element 'rentity_id': 'ABC' is not a valid value of the atomic type 'xs:int'.",
};

const candidate = (n: number) => ({
  Ref: `T00000010${n}`,
  Prefix: 'T' as const,
  TransactionID: 100 + n,
  Status: 'paid' as const,
  Amount: '0.01000000',
  Coin: 'BTC',
  VolumeEur: '500.00000000',
  CoinAddress: 'bc1qaddress',
  CreatedOn: '2026-11-19T10:00:00.000Z',
});

const detail = (
  Status: GoamlReportRow['Status'],
  extra: Partial<GoamlReportDetail> = {},
): GoamlReportDetail => ({
  ...row(5, Status),
  Input: input,
  Transactions: [candidate(1), candidate(2)],
  Xml: Status === 'final' ? '<?xml version="1.0"?>\n<report><report_code>STR</report_code></report>' : null,
  Errors: [],
  ...extra,
});

const settings: GoamlSettings = {
  Defaults: {
    RentityID: '',
    RentityName: 'Ledgerline',
    RentityBranch: '',
    ReportingFirstName: '',
    ReportingLastName: '',
    ReportingEmail: '',
    ReportingOccupation: '',
    LocationAddress: '',
    LocationCity: '',
    LocationCountry: '',
  },
  CurrencyCodeLocal: 'EUR',
  Schema: { Source: 'built-in', Name: 'built-in goAML subset (goaml-subset.xsd)', Sha256: 'cd'.repeat(32) },
};

const page = <R,>(records: R[]) => ({
  data: { records, meta: { total: records.length, offset: 0, limit: 25, page: 1 } },
});

describe('FIU XML Reports', () => {
  it('lists reports with their type, status and creator, sends the filters from the address, and opens a generated one', async () => {
    const { calls } = mockApi(
      signedInRoutes(['view-transactions'], {
        ListGoamlReports: page([row(5, 'final'), row(6, 'draft')]),
        GoamlReportDetail: { data: detail('final') },
      }),
    );
    renderApp('/admin/reports?type=STR&status=final');
    const table = await screen.findByRole('table', { name: 'goAML reports' });
    expect(await within(table).findAllByText('Tulip Shop')).toHaveLength(2);
    expect(within(table).getByText('Generated')).toBeInTheDocument();
    expect(within(table).getByText('Draft')).toBeInTheDocument();
    const sent = callsOf(calls, 'ListGoamlReports')[0]?.url.searchParams;
    expect(sent?.get('type')).toBe('STR');
    expect(sent?.get('status')).toBe('final');
    fireEvent.click(within(table).getByText('5'));
    const drawer = await screen.findByRole('dialog', { name: 'goAML report 5' });
    expect(await within(drawer).findByRole('button', { name: 'Download XML' })).toBeInTheDocument();
    expect(within(drawer).getByLabelText('Report XML')).toHaveTextContent('<report_code>STR</report_code>');
  });

  it('opens a draft with its XSD error on the field, refuses to generate it, then generates it once fixed', async () => {
    let generated = false;
    const { calls } = mockApi(
      signedInRoutes(['view-transactions'], {
        GoamlSettings: { data: settings },
        GoamlReportDetail: () => ({
          data: generated ? detail('final') : detail('draft', { Errors: [rentityError] }),
        }),
        MerchantsListDash: { data: [{ ID: 12, ShopTitle: 'Tulip Shop', Name: 'Tulip' }] },
        GoamlCandidates: page([candidate(1), candidate(2), candidate(3)]),
        ListGoamlReports: page([]),
        GenerateGoamlReport: (request) =>
          request
            .clone()
            .json()
            .then((body: { RentityID: string }) => {
              if (body.RentityID === 'ABC')
                return {
                  status: 400,
                  message: 'The report does not validate against the goAML schema',
                  data: {
                    issues: [{ path: 'RentityID', message: rentityError.Message }],
                    Errors: [rentityError],
                  },
                };
              generated = true;
              return { data: detail('final') };
            }),
      }),
    );
    renderApp('/admin/reports?report=5');
    expect(await screen.findByRole('heading', { name: 'goAML report 5 (draft)' })).toBeInTheDocument();
    expect(screen.getByText(/structural subset of goAML/)).toBeInTheDocument();
    const field = await screen.findByLabelText(/Reporting entity ID/);
    expect(field).toHaveValue('ABC');
    expect(screen.getAllByText(rentityError.Message).length).toBeGreaterThan(0);
    // The draft's transactions are the selected rows.
    const table = await screen.findByRole('table', { name: 'Transactions of the merchant' });
    await within(table).findByText('T000000103');
    expect(screen.getByText('2 selected')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Generate report' }));
    await waitFor(() => expect(callsOf(calls, 'GenerateGoamlReport')).toHaveLength(1));
    expect(
      await screen.findByText('The report does not validate against the goAML schema'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/Reporting entity ID/)).toHaveValue('ABC');
    expect(screen.getByRole('textbox', { name: /^Reason/ })).toHaveValue('Mixer');

    fireEvent.change(screen.getByLabelText(/Reporting entity ID/), { target: { value: '1042' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate report' }));
    await waitFor(() => expect(callsOf(calls, 'GenerateGoamlReport')).toHaveLength(2));
    const body = callsOf(calls, 'GenerateGoamlReport')[1]?.body as {
      ID: number;
      RentityID: string;
      TransactionRefs: string[];
    };
    expect(body).toMatchObject({ ID: 5, RentityID: '1042', TransactionRefs: ['T000000101', 'T000000102'] });
    expect(await screen.findByRole('dialog', { name: 'goAML report 5' })).toBeInTheDocument();
  });

  it('deletes a draft after a confirm and goes back to the list', async () => {
    const { calls } = mockApi(
      signedInRoutes(['view-transactions'], {
        GoamlSettings: { data: settings },
        GoamlReportDetail: { data: detail('draft') },
        MerchantsListDash: { data: [{ ID: 12, ShopTitle: 'Tulip Shop', Name: 'Tulip' }] },
        GoamlCandidates: page([candidate(1)]),
        ListGoamlReports: page([]),
        DeleteGoamlDraft: { data: { ID: 5 } },
      }),
    );
    renderApp('/admin/reports?report=5');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete draft' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this draft' });
    expect(within(confirm).getByText(/Generated reports are not affected/)).toBeInTheDocument();
    expect(callsOf(calls, 'DeleteGoamlDraft')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete draft' }));
    await waitFor(() => expect(callsOf(calls, 'DeleteGoamlDraft')).toHaveLength(1));
    expect(callsOf(calls, 'DeleteGoamlDraft')[0]?.body).toEqual({ ID: 5 });
    expect(await screen.findByText('Draft 5 deleted')).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'goAML reports' })).toBeInTheDocument();
  });
});

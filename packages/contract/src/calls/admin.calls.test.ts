import { describe, expect, it } from 'vitest';
import { ADMIN_CALLS } from './admin.calls';

describe('ADMIN_CALLS', () => {
  it('names every call after its key on the admin service path', () => {
    for (const [name, call] of Object.entries(ADMIN_CALLS)) {
      expect(call, name).toMatchObject({ path: '/', call: name });
    }
  });

  it('offers CSV export of the lists staff download, and of reads only', () => {
    const exportable = Object.entries(ADMIN_CALLS)
      .filter(([, call]) => call.exportable)
      .map(([name, call]) => [name, call.method]);
    expect(exportable.sort()).toEqual(
      [
        ['AnalyticsBreakdown', 'GET'],
        ['BalanceSheet', 'GET'],
        ['KycQueue', 'GET'],
        ['ListMerchants', 'GET'],
        ['MerchantPayouts', 'GET'],
        ['ListRoles', 'GET'],
        ['ListStaff', 'GET'],
        ['ListTransactions', 'GET'],
        ['ListAllTransactions', 'GET'],
        ['ListVTokens', 'GET'],
        ['TransactionFailure', 'GET'],
        ['XChangeOfflinePool', 'GET'],
        ['XChangeSearch', 'GET'],
        ['XrpPool', 'GET'],
        ['EtherPool', 'GET'],
        ['ListPayoutSchemas', 'GET'],
        ['ListPayouts', 'GET'],
        ['ListFiles', 'GET'],
        ['ListGoamlReports', 'GET'],
        ['ListCampaigns', 'GET'],
        ['ListCampaignRecipients', 'GET'],
        ['ListNews', 'GET'],
        ['ListJobs', 'GET'],
        ['ListJobRuns', 'GET'],
        ['ListFeeRules', 'GET'],
        ['ListTransactionTasks', 'GET'],
        ['ListMerchantCardAccounts', 'GET'],
        ['ListLicenses', 'GET'],
        ['ListAutonomy', 'GET'],
      ].sort(),
    );
  });
});

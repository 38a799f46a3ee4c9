import { describe, expect, it } from 'vitest';
import { KYC_CALLS } from './kyc.calls';

const issues = (result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  result.error?.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));

describe('KycQueue params', () => {
  it('defaults to the pending queue, first page of 25, by LastUpdatedOn, leaving the order to the scope', () => {
    expect(KYC_CALLS.KycQueue.params.parse({})).toEqual({
      scope: 'pending',
      keyword: '',
      page: 1,
      limit: 25,
      sort: 'LastUpdatedOn',
    });
  });

  it('refuses an unknown scope or status with a message naming the choices', () => {
    expect(issues(KYC_CALLS.KycQueue.params.safeParse({ scope: 'mine' }))).toEqual([
      { path: 'scope', message: 'The scope must be pending or all' },
    ]);
    expect(issues(KYC_CALLS.KycQueue.params.safeParse({ status: 'done' }))).toEqual([
      { path: 'status', message: 'The status must be one of pending, more-info, approved, rejected' },
    ]);
  });
});

describe('DecideKyc params', () => {
  const parse = (input: object) => KYC_CALLS.DecideKyc.params.safeParse(input);

  it('approves without a reason', () => {
    expect(parse({ ID: '7', Decision: 'approve' }).data).toEqual({ ID: 7, Decision: 'approve' });
  });

  it('needs a reason, not only spaces, to reject or to ask for more information', () => {
    expect(issues(parse({ ID: 7, Decision: 'reject' }))).toEqual([
      { path: 'Reason', message: 'A reason is required to reject' },
    ]);
    expect(issues(parse({ ID: 7, Decision: 'more-info', Reason: '   ' }))).toEqual([
      { path: 'Reason', message: 'A reason is required to ask for more information' },
    ]);
    expect(parse({ ID: 7, Decision: 'reject', Reason: ' Blurred passport ' }).data?.Reason).toBe(
      'Blurred passport',
    );
  });

  it('refuses a reason over 2000 characters and an unknown decision', () => {
    expect(issues(parse({ ID: 7, Decision: 'reject', Reason: 'x'.repeat(2001) }))).toEqual([
      { path: 'Reason', message: 'The reason must be at most 2000 characters' },
    ]);
    expect(issues(parse({ ID: 7, Decision: 'maybe', Reason: 'x' }))?.[0]).toEqual({
      path: 'Decision',
      message: 'The decision must be approve, reject or more-info',
    });
  });
});

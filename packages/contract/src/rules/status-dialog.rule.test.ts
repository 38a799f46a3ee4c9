import { describe, expect, it } from 'vitest';
import {
  currentStatusChoice,
  initialStatusChoice,
  STATUS_CHOICE,
  STATUS_CHOICES,
  statusSubmitParams,
} from './status-dialog.rule';

describe('STATUS_CHOICES', () => {
  it('lists Expired -1, Waiting 0, Paid 1 and Not Enough 4 in that order', () => {
    expect(STATUS_CHOICES).toEqual([
      { id: -1, label: 'Expired' },
      { id: 0, label: 'Waiting' },
      { id: 1, label: 'Paid' },
      { id: 4, label: 'Not Enough' },
    ]);
  });
});

describe('currentStatusChoice', () => {
  it('maps expired, waiting and paid to their dialog ids', () => {
    expect(currentStatusChoice({ Status: 'expired', NotEnough: 0 })).toBe(-1);
    expect(currentStatusChoice({ Status: 'waiting', NotEnough: 0 })).toBe(0);
    expect(currentStatusChoice({ Status: 'paid', NotEnough: 0 })).toBe(1);
  });

  it('counts a paid transaction flagged NotEnough=1 as Not Enough', () => {
    expect(currentStatusChoice({ Status: 'paid', NotEnough: 1 })).toBe(4);
  });

  it('counts an underpaid transaction as Not Enough', () => {
    expect(currentStatusChoice({ Status: 'underpaid', NotEnough: 0 })).toBe(4);
  });

  it('has no dialog equivalent for other statuses', () => {
    expect(currentStatusChoice({ Status: 'ltr-open', NotEnough: 0 })).toBeNull();
    expect(currentStatusChoice({ Status: 'payout-pending', NotEnough: 0 })).toBeNull();
  });
});

describe('initialStatusChoice', () => {
  it('proposes Paid for an expired transaction', () => {
    expect(initialStatusChoice({ Status: 'expired', NotEnough: 0 })).toBe(STATUS_CHOICE.paid);
  });

  it('proposes Paid for a waiting transaction', () => {
    expect(initialStatusChoice({ Status: 'waiting', NotEnough: 0 })).toBe(STATUS_CHOICE.paid);
  });

  it('proposes Waiting for a fully paid transaction', () => {
    expect(initialStatusChoice({ Status: 'paid', NotEnough: 0 })).toBe(STATUS_CHOICE.waiting);
  });

  it('proposes Paid for a paid transaction flagged NotEnough=1', () => {
    expect(initialStatusChoice({ Status: 'paid', NotEnough: 1 })).toBe(STATUS_CHOICE.paid);
  });

  it('treats underpaid as Not Enough and proposes Paid', () => {
    expect(initialStatusChoice({ Status: 'underpaid', NotEnough: 0 })).toBe(STATUS_CHOICE.paid);
  });

  it('proposes Paid for statuses the dialog does not list', () => {
    for (const Status of ['ltr-closed', 'payout-completed', 'swap', 'vtoken-active'] as const) {
      expect(initialStatusChoice({ Status, NotEnough: 0 })).toBe(STATUS_CHOICE.paid);
    }
  });
});

describe('statusSubmitParams', () => {
  it('sends Not Enough as Paid with notenough=1', () => {
    expect(statusSubmitParams(4)).toEqual({ statusID: 1, notenough: 1 });
  });

  it('sends every other choice as itself with notenough=0', () => {
    expect(statusSubmitParams(-1)).toEqual({ statusID: -1, notenough: 0 });
    expect(statusSubmitParams(0)).toEqual({ statusID: 0, notenough: 0 });
    expect(statusSubmitParams(1)).toEqual({ statusID: 1, notenough: 0 });
  });
});

import { describe, expect, it } from 'vitest';
import type { SyncStatus } from '../entities/catalog.schema';
import { isInSync, isServiceOk } from './sync-status.rule';

const status = (overrides: Partial<SyncStatus>): SyncStatus => ({
  Seconds_Behind_Master: 0,
  Slave_IO_Running: 'Yes',
  Slave_SQL_Running: 'Yes',
  ...overrides,
});

describe('isInSync', () => {
  it('is in sync with no lag and both threads running', () => {
    expect(isInSync(status({}))).toBe(true);
  });

  it('is in sync just below the 5-second threshold', () => {
    expect(isInSync(status({ Seconds_Behind_Master: 4 }))).toBe(true);
    expect(isInSync(status({ Seconds_Behind_Master: 4.9 }))).toBe(true);
  });

  it('is out of sync at exactly 5 seconds and above', () => {
    expect(isInSync(status({ Seconds_Behind_Master: 5 }))).toBe(false);
    expect(isInSync(status({ Seconds_Behind_Master: 600 }))).toBe(false);
  });

  it('is out of sync when the lag is unknown', () => {
    expect(isInSync(status({ Seconds_Behind_Master: null }))).toBe(false);
    expect(isInSync(status({ Seconds_Behind_Master: Number.NaN }))).toBe(false);
  });

  it('compares the thread flags case-insensitively', () => {
    expect(isInSync(status({ Slave_IO_Running: 'YES', Slave_SQL_Running: 'yes' }))).toBe(true);
  });

  it('is out of sync when either thread is not running', () => {
    expect(isInSync(status({ Slave_IO_Running: 'No' }))).toBe(false);
    expect(isInSync(status({ Slave_SQL_Running: 'Connecting' }))).toBe(false);
    expect(isInSync(status({ Slave_SQL_Running: '' }))).toBe(false);
  });
});

describe('isServiceOk', () => {
  it('is ok only for the exact text OK', () => {
    expect(isServiceOk('OK')).toBe(true);
  });

  it('is not ok for any variation of OK', () => {
    for (const text of ['ok', 'Ok', ' OK', 'OK\n', 'OK!', '"OK"', '']) expect(isServiceOk(text)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { type CoinNodeSample, judgeCoinHealth, staleAfterMs } from './coin-health.rule';

const now = new Date('2026-11-27T12:00:00Z');
const limits = { maxLagBlocks: 6, maxBlockAgeMinutes: 30, hotWalletMin: '0.5', hotWalletMax: '100' };
const context = { now, probeIntervalMs: 60_000, coin: 'BTC' };
const sample = (over: Partial<CoinNodeSample> = {}): CoinNodeSample => ({
  sampledAt: new Date(now.getTime() - 30_000),
  reachable: true,
  nodeHeight: 929_500,
  referenceHeight: 929_500,
  lastBlockAt: new Date(now.getTime() - 5 * 60_000),
  hotWallet: '12.5',
  pendingDeposits: 1,
  pendingWithdrawals: 0,
  ...over,
});
const judge = (over: Partial<CoinNodeSample> = {}, l = limits) => judgeCoinHealth(sample(over), l, context);

describe('coin health: green', () => {
  it('is green in sync with the hot wallet within limits', () => {
    expect(judge()).toEqual({
      status: 'green',
      reasons: ['In sync at block 929,500; hot wallet within limits'],
    });
  });
  it('stays green up to half the lag limit', () => {
    expect(judge({ nodeHeight: 929_497 }).status).toBe('green');
  });
  it('is green at exactly the minimum and the maximum', () => {
    expect(judge({ hotWallet: '0.5' }).status).toBe('green');
    expect(judge({ hotWallet: '100.00000000' }).status).toBe('green');
  });
});

describe('coin health: amber', () => {
  it('turns amber past half the lag limit', () => {
    expect(judge({ nodeHeight: 929_496 })).toEqual({
      status: 'amber',
      reasons: ['Node 4 blocks behind the reference (limit 6)'],
    });
  });
  it('turns amber with no new block for longer than allowed', () => {
    expect(judge({ lastBlockAt: new Date(now.getTime() - 48 * 60_000) }).reasons).toEqual([
      'No new block for 48 min (expected within 30 min)',
    ]);
  });
  it('turns amber with the hot wallet above its maximum', () => {
    expect(judge({ hotWallet: '1250.25' }).reasons).toEqual([
      'Hot wallet 1,250.25 BTC above the maximum 100 BTC: move the surplus to cold storage',
    ]);
  });
  it('turns amber when the last probe is old', () => {
    const verdict = judgeCoinHealth(
      sample({ sampledAt: new Date(now.getTime() - 12 * 60_000) }),
      limits,
      context,
    );
    expect(verdict).toEqual({
      status: 'amber',
      reasons: ['Last probe 12 min ago: the figures may be out of date'],
    });
  });
  it('is amber before the first probe', () => {
    expect(judgeCoinHealth(null, limits, context)).toEqual({ status: 'amber', reasons: ['Not probed yet'] });
  });
  it('waits at least five minutes, or three probes, before calling a probe stale', () => {
    expect(staleAfterMs(10_000)).toBe(300_000);
    expect(staleAfterMs(600_000)).toBe(1_800_000);
  });
});

describe('coin health: red', () => {
  it('turns red past the lag limit, with the blocks in words', () => {
    expect(judge({ nodeHeight: 929_486 })).toEqual({
      status: 'red',
      reasons: ['Node 14 blocks behind the reference (limit 6)'],
    });
  });
  it('turns red when the node does not answer (its heights say nothing then)', () => {
    expect(judge({ reachable: false, nodeHeight: 0 })).toEqual({
      status: 'red',
      reasons: ['Node not answering'],
    });
  });
  it('turns red below the hot-wallet minimum', () => {
    expect(judge({ hotWallet: '0.12' }).reasons).toEqual([
      'Hot wallet 0.12 BTC below the minimum 0.5 BTC: payouts may fail',
    ]);
  });
  it('lists every reason, the worst first', () => {
    const verdict = judge({
      nodeHeight: 929_490,
      hotWallet: '200',
      lastBlockAt: new Date(now.getTime() - 3 * 3_600_000),
    });
    expect(verdict.status).toBe('red');
    expect(verdict.reasons).toEqual([
      'Node 10 blocks behind the reference (limit 6)',
      'No new block for 3 h 0 min (expected within 30 min)',
      'Hot wallet 200 BTC above the maximum 100 BTC: move the surplus to cold storage',
    ]);
  });
  it('says one block, not one blocks', () => {
    expect(judge({ nodeHeight: 929_499 }, { ...limits, maxLagBlocks: 0 }).reasons[0]).toBe(
      'Node 1 block behind the reference (limit 0)',
    );
  });
});

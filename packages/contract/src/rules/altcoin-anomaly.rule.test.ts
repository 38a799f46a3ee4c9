import { describe, expect, it } from 'vitest';
import { type AnomalyDay, findAnomalies } from './altcoin-anomaly.rule';

const day = (over: Partial<AnomalyDay> = {}): AnomalyDay => ({
  ended: 50,
  expired: 3,
  confirmed: 47,
  confirmSeconds: 47 * 540,
  ...over,
});
const month = Array.from({ length: 30 }, () => day());

describe('anomaly flags against the 30-day baseline', () => {
  it('flags an expired-rate spike in words', () => {
    expect(
      findAnomalies(
        'Litecoin',
        day({ ended: 22, expired: 9, confirmed: 13, confirmSeconds: 13 * 540 }),
        month,
      ),
    ).toEqual([
      { kind: 'expired-rate', message: 'Litecoin expired 41 % today vs 6 % usual: node out of sync?' },
    ]);
  });
  it('flags a confirm-time spike', () => {
    expect(findAnomalies('Bitcoin', day({ confirmSeconds: 47 * 2400 }), month)).toEqual([
      {
        kind: 'confirm-time',
        message:
          'Bitcoin payments took 40 min to confirm today vs 9 min usual: node lagging or fees too low?',
      },
    ]);
  });
  it('leaves an ordinary day alone', () => {
    expect(findAnomalies('Bitcoin', day({ expired: 5 }), month)).toEqual([]);
  });
  it('leaves a thin day alone: one expired of three is no spike yet', () => {
    expect(findAnomalies('Dash', day({ ended: 3, expired: 1 }), month)).toEqual([]);
  });
  it('needs a baseline: a new coin raises no flag', () => {
    expect(findAnomalies('Pepe', day({ ended: 20, expired: 15 }), [day({ ended: 5, expired: 0 })])).toEqual(
      [],
    );
  });
  it('needs the rise to be large as well as double: 4 % after 2 % is no spike', () => {
    expect(
      findAnomalies(
        'Dai',
        day({ ended: 100, expired: 4 }),
        Array.from({ length: 30 }, () => day({ ended: 100, expired: 2 })),
      ),
    ).toEqual([]);
  });
  it('needs the confirm time to be 5 minutes longer too, not only double', () => {
    expect(
      findAnomalies(
        'Solana',
        day({ confirmSeconds: 47 * 60 }),
        Array.from({ length: 30 }, () => day({ confirmSeconds: 47 * 20 })),
      ),
    ).toEqual([]);
  });
});

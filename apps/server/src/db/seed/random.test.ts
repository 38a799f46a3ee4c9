import { describe, expect, it } from 'vitest';
import { createRandom, hashSeed } from './random';

describe('createRandom', () => {
  it('repeats its sequence for the same seed', () => {
    const a = createRandom(123);
    const b = createRandom(123);
    expect(Array.from({ length: 5 }, () => a.next())).toEqual(Array.from({ length: 5 }, () => b.next()));
    expect(createRandom(1).hex(16)).not.toBe(createRandom(2).hex(16));
  });

  it('keeps ints within bounds and weighted picks by weight', () => {
    const rng = createRandom(9);
    const ints = Array.from({ length: 500 }, () => rng.int(3, 5));
    expect(new Set(ints)).toEqual(new Set([3, 4, 5]));
    const picks = Array.from({ length: 500 }, () =>
      rng.weighted([
        ['a', 1],
        ['b', 0],
      ] as const),
    );
    expect(new Set(picks)).toEqual(new Set(['a']));
  });

  it('forks independent streams deterministically', () => {
    expect(createRandom(5).fork('x').next()).toBe(createRandom(5).fork('x').next());
    expect(createRandom(5).fork('x').next()).not.toBe(createRandom(5).fork('y').next());
    expect(hashSeed(1, 'a')).toBe(hashSeed(1, 'a'));
  });
});

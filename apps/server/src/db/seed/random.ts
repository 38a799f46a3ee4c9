/**
 * A seeded pseudo-random source for demo data and the simulator. mulberry32 is tiny and fast and its
 * sequence is the same on every platform, which is what a reproducible seed needs; it is not for secrets.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** One of the items, each with the given relative weight. */
  weighted<T>(items: ReadonlyArray<readonly [T, number]>): T;
  /** A standard normal sample (Box–Muller). */
  gaussian(): number;
  /** `length` characters drawn from `alphabet`. */
  chars(alphabet: string, length: number): string;
  /** `length` lower-case hex digits. */
  hex(length: number): string;
  /** A copy of `items` in random order. */
  shuffle<T>(items: readonly T[]): T[];
  /** An independent stream derived from this one, so adding draws to one part does not shift another. */
  fork(label: string): Random;
}

const HEX = '0123456789abcdef';

/** Folds numbers and strings into one 32-bit seed (FNV-1a over their text). */
export function hashSeed(...parts: ReadonlyArray<number | string>): number {
  let hash = 0x811c9dc5;
  for (const char of parts.join('\u0000')) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[int(0, items.length - 1)] as T;
  };
  const chars = (alphabet: string, length: number): string => {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet.charAt(int(0, alphabet.length - 1));
    return out;
  };
  return {
    next,
    int,
    pick,
    chars,
    chance: (probability) => next() < probability,
    weighted<T>(items: ReadonlyArray<readonly [T, number]>): T {
      const total = items.reduce((sum, [, weight]) => sum + weight, 0);
      if (items.length === 0 || total <= 0) throw new RangeError('weighted pick needs a positive weight');
      let roll = next() * total;
      for (const [item, weight] of items) {
        roll -= weight;
        if (roll < 0) return item;
      }
      return (items[items.length - 1] as readonly [T, number])[0];
    },
    gaussian() {
      // 1 - next() keeps the logarithm's argument in (0, 1].
      const u = 1 - next();
      const v = next();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    hex: (length) => chars(HEX, length),
    shuffle<T>(items: readonly T[]): T[] {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(0, i);
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy;
    },
    fork: (label) => createRandom(hashSeed(state, label)),
  };
}

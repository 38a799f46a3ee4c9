import { describe, expect, it } from 'vitest';
import { batchLoads } from './realtime.batch';

/** A batched loader over a fake read that records the keys of each read. */
function loaderOver(values: Record<string, string>, fail = false) {
  const reads: string[][] = [];
  const load = batchLoads<string>(async (keys) => {
    reads.push([...keys]);
    if (fail) throw new Error('database down');
    return new Map(keys.flatMap((key) => (key in values ? [[key, values[key] ?? '']] : [])));
  });
  return { load, reads };
}

describe('batched loads', () => {
  it('reads the keys asked for in one synchronous run together, each once, and answers each caller', async () => {
    const { load, reads } = loaderOver({ a: 'A', b: 'B' });
    const answers = await Promise.all([load('a'), load('b'), load('a'), load('missing')]);
    expect(answers).toEqual(['A', 'B', 'A', null]);
    expect(reads).toEqual([['a', 'b', 'missing']]);
  });

  it('starts a new read for keys asked for after the run', async () => {
    const { load, reads } = loaderOver({ a: 'A', b: 'B' });
    expect(await load('a')).toBe('A');
    expect(await load('b')).toBe('B');
    expect(reads).toEqual([['a'], ['b']]);
  });

  it('fails every load of a batch whose read fails, and reads again for the next', async () => {
    const failing = loaderOver({ a: 'A' }, true);
    const results = await Promise.allSettled([failing.load('a'), failing.load('b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await expect(failing.load('a')).rejects.toThrow('database down');
    expect(failing.reads).toHaveLength(2);
  });
});

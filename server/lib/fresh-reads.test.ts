import { describe, expect, it } from 'vitest';
import { FreshReads } from './fresh-reads.ts';

/** A load the test finishes by hand, recording when each one began. */
function manualLoads() {
  const began: number[] = [];
  const finish: Array<(value: string) => void> = [];
  const fail: Array<(err: Error) => void> = [];
  let clock = 0;
  const load = () => {
    began.push(clock);
    return new Promise<string>((resolve, reject) => {
      finish.push(resolve);
      fail.push(reject);
    });
  };
  return { began, finish, fail, load, tick: () => ++clock };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('FreshReads', () => {
  it('callers arriving before a read begins share it', async () => {
    const reads = new FreshReads<string>();
    const m = manualLoads();
    const answers = Promise.all([1, 2, 3].map(() => reads.read('u', m.load)));
    await settle();
    expect(m.began).toHaveLength(1);
    m.finish[0]!('v1');
    expect(await answers).toEqual(['v1', 'v1', 'v1']);
  });

  it('a caller arriving while a read runs gets a later read, begun after it arrived, shared with others waiting', async () => {
    const reads = new FreshReads<string>();
    const m = manualLoads();
    const first = reads.read('u', m.load);
    await settle();
    const arrivedAt = m.tick();
    const late = [reads.read('u', m.load), reads.read('u', m.load)];
    await settle();
    expect(m.began).toHaveLength(1);
    m.finish[0]!('old');
    expect(await first).toBe('old');
    await settle();
    expect(m.began).toEqual([0, arrivedAt]);
    m.finish[1]!('new');
    expect(await Promise.all(late)).toEqual(['new', 'new']);
  });

  it('a failed read fails only its own callers; the next read runs', async () => {
    const reads = new FreshReads<string>();
    const m = manualLoads();
    const failing = reads.read('u', m.load);
    await settle();
    const after = reads.read('u', m.load);
    m.fail[0]!(new Error('connection lost'));
    await expect(failing).rejects.toThrow('connection lost');
    await settle();
    m.finish[1]!('v2');
    expect(await after).toBe('v2');
  });

  it('keys do not wait for each other', async () => {
    const reads = new FreshReads<string>();
    const m = manualLoads();
    void reads.read('u', m.load);
    void reads.read('v', m.load);
    await settle();
    expect(m.began).toHaveLength(2);
  });
});

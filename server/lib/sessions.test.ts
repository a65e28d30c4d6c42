import { describe, expect, it } from 'vitest';
import { SessionStates } from './sessions.ts';

/** A stand-in for the sessions table: which are open, and how many reads reached it. */
function table(open: Set<string>) {
  const reads = { count: 0 };
  const readOpen = async (id: string) => {
    reads.count++;
    return open.has(id);
  };
  return { reads, readOpen };
}

describe('SessionStates', () => {
  it('reads an open session once per TTL, shared by requests arriving together', async () => {
    const { reads, readOpen } = table(new Set(['s1']));
    const states = new SessionStates(readOpen, 50);
    expect(await Promise.all([states.isOpen('s1'), states.isOpen('s1'), states.isOpen('s1')])).toEqual([
      true,
      true,
      true,
    ]);
    expect(reads.count).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await states.isOpen('s1')).toBe(true);
    expect(reads.count).toBe(2);
  });

  it('sees a revocation in the table once the TTL has passed, and remembers it', async () => {
    const open = new Set(['s1']);
    const { reads, readOpen } = table(open);
    const states = new SessionStates(readOpen, 50);
    expect(await states.isOpen('s1')).toBe(true);
    open.delete('s1');
    expect(await states.isOpen('s1')).toBe(true); // still within the TTL
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await states.isOpen('s1')).toBe(false);
    const after = reads.count;
    expect(await states.isOpen('s1')).toBe(false);
    expect(reads.count).toBe(after);
  });

  it('an announced end wins at once, even over a read under way', async () => {
    let release!: (open: boolean) => void;
    const states = new SessionStates(() => new Promise<boolean>((resolve) => (release = resolve)), 10_000);
    const pending = states.isOpen('s1');
    states.markEnded('s1');
    release(true);
    expect(await pending).toBe(false);
    expect(await states.isOpen('s1')).toBe(false);
    expect(states.hasEnded('s1')).toBe(true);
  });
});

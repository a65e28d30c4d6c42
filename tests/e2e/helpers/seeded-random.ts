/**
 * mulberry32: a tiny seeded PRNG. The chaos run draws every choice from one of these, so a
 * seed printed by a failing run replays the same scenario (CHAOS_SEED=N).
 */
export class SeededRandom {
  private state: number;

  constructor(readonly seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** A key drawn with the given weights (weights need not sum to 1; zero weights never win). */
  weighted<K extends string>(weights: Record<K, number>): K {
    const entries = (Object.entries(weights) as Array<[K, number]>).filter(([, w]) => w > 0);
    const total = entries.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [key, w] of entries) if ((r -= w) < 0) return key;
    return entries.at(-1)![0];
  }

  /** An independent stream for another purpose, derived from this seed. */
  fork(salt: number): SeededRandom {
    return new SeededRandom((Math.imul(this.seed ^ salt, 0x9e3779b1) + salt) >>> 0);
  }
}

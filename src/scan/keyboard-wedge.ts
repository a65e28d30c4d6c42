/**
 * A keyboard-wedge scanner types its code as a burst of keystrokes a few milliseconds apart, then Enter. A person
 * types far slower, so a burst of at least `minLength` characters, each within `maxGapMs` of the last, ended by
 * Enter is a scan; anything slower is typing and is left alone.
 */
export interface WedgeOptions {
  maxGapMs: number;
  minLength: number;
}

export const defaultWedgeOptions: WedgeOptions = { maxGapMs: 60, minLength: 4 };

export type WedgeStep =
  /** Not part of a scan (yet): let the key do what it does. */
  | { kind: 'pass' }
  /** A character of a burst: `first` when it starts one. */
  | { kind: 'char'; first: boolean }
  /** Enter ended a burst: this is the code. */
  | { kind: 'scan'; code: string };

export class KeyboardWedge {
  private buffer = '';
  private lastAt = -Infinity;

  constructor(private readonly options: WedgeOptions = defaultWedgeOptions) {}

  /** Feeds one keydown (`key` as KeyboardEvent.key, `at` in ms). */
  key(key: string, at: number): WedgeStep {
    const inBurst = at - this.lastAt <= this.options.maxGapMs;
    if (key === 'Enter') {
      const code = this.buffer;
      this.reset();
      return inBurst && code.length >= this.options.minLength ? { kind: 'scan', code } : { kind: 'pass' };
    }
    if (key.length !== 1) {
      // Shift and other modifiers come between a scanner's characters too; anything else ends the burst.
      if (key !== 'Shift' && key !== 'Alt' && key !== 'Control') this.reset();
      return { kind: 'pass' };
    }
    const first = !inBurst || this.buffer.length === 0;
    this.buffer = first ? key : this.buffer + key;
    this.lastAt = at;
    return { kind: 'char', first };
  }

  private reset(): void {
    this.buffer = '';
    this.lastAt = -Infinity;
  }
}

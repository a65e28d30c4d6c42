import { describe, expect, it } from 'vitest';
import { KeyboardWedge } from './keyboard-wedge.ts';

/** Feeds keys `gap` ms apart from t=1000; answers the last step. */
function feed(wedge: KeyboardWedge, keys: string[], gap: number, start = 1000) {
  return keys.map((k, i) => wedge.key(k, start + i * gap)).at(-1);
}

describe('KeyboardWedge', () => {
  it('a fast burst ended by Enter is a scan', () => {
    const wedge = new KeyboardWedge();
    expect(feed(wedge, [...'4601234567893', 'Enter'], 5)).toEqual({ kind: 'scan', code: '4601234567893' });
  });

  it('marks the first character of a burst, and only it', () => {
    const wedge = new KeyboardWedge();
    expect(wedge.key('4', 0)).toEqual({ kind: 'char', first: true });
    expect(wedge.key('6', 10)).toEqual({ kind: 'char', first: false });
  });

  it('typing at a person’s pace is never a scan', () => {
    const wedge = new KeyboardWedge();
    expect(feed(wedge, [...'4601234567893', 'Enter'], 150)).toEqual({ kind: 'pass' });
  });

  it('a pause inside the code starts a new burst: only what came after it counts', () => {
    const wedge = new KeyboardWedge();
    feed(wedge, [...'12345'], 5, 0);
    expect(feed(wedge, [...'6789', 'Enter'], 5, 500)).toEqual({ kind: 'scan', code: '6789' });
  });

  it('a burst shorter than four characters is not a scan', () => {
    const wedge = new KeyboardWedge();
    expect(feed(wedge, [...'123', 'Enter'], 5)).toEqual({ kind: 'pass' });
  });

  it('Enter long after the last character is not a scan', () => {
    const wedge = new KeyboardWedge();
    feed(wedge, [...'46012345'], 5, 0);
    expect(wedge.key('Enter', 1000)).toEqual({ kind: 'pass' });
  });

  it('Shift between characters (a scanner typing capitals) keeps the burst; another key breaks it', () => {
    const wedge = new KeyboardWedge();
    const keys = ['Shift', 'A', 'B', 'Shift', 'C', '1', '2', 'Enter'];
    expect(feed(wedge, keys, 5)).toEqual({ kind: 'scan', code: 'ABC12' });
    expect(feed(wedge, ['1', '2', 'ArrowLeft', '3', '4', 'Enter'], 5, 5000)).toEqual({ kind: 'pass' });
  });

  it('Enter alone, or twice, is nothing', () => {
    const wedge = new KeyboardWedge();
    expect(wedge.key('Enter', 0)).toEqual({ kind: 'pass' });
    feed(wedge, [...'12345', 'Enter'], 5, 100);
    expect(wedge.key('Enter', 140)).toEqual({ kind: 'pass' });
  });
});

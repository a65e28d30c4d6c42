// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scanFeedbackEvent, type ScanFeedbackDetail } from './feedback.ts';
import { deliverScan, hasScanHandler, registerScanHandler, subscribeScanHandlers } from './scan-bus.ts';

const cleanups: Array<() => void> = [];
const register = (...args: Parameters<typeof registerScanHandler>) => {
  const off = registerScanHandler(...args);
  cleanups.push(off);
  return off;
};
afterEach(() => {
  cleanups.splice(0).forEach((off) => off());
  vi.useRealTimers();
});

/** A scanner: each key `gap` ms apart (the wedge reads event.timeStamp, faked here), then Enter. */
function wedgeType(target: HTMLElement, code: string, gap = 5) {
  let t = 10_000 + Math.random() * 10_000;
  for (const key of [...code, 'Enter']) {
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
    Object.defineProperty(event, 'timeStamp', { value: (t += gap) });
    const prevented = !target.dispatchEvent(event);
    // What the browser would do with a character the page let through: it lands in the focused field.
    if (!prevented && key.length === 1 && target instanceof HTMLInputElement) target.value += key;
  }
}

describe('scan-bus', () => {
  it('hands a scan to the newest handler; closing it gives the scans back to the one before', async () => {
    const screen = vi.fn(() => 'ok' as const);
    const dialog = vi.fn(() => 'unknown' as const);
    register(screen);
    const closeDialog = register(dialog);
    expect(await deliverScan('  4601234567893 ')).toBe('unknown');
    expect(dialog).toHaveBeenCalledWith('4601234567893');
    expect(screen).not.toHaveBeenCalled();
    closeDialog();
    expect(await deliverScan('4601234567893')).toBe('ok');
    expect(screen).toHaveBeenCalledTimes(1);
  });

  it('nobody listening: nothing happens; a throwing handler counts as refused; feedback tells the shell', async () => {
    expect(await deliverScan('123456')).toBeNull();
    const heard: ScanFeedbackDetail[] = [];
    const listen = (e: Event) => heard.push((e as CustomEvent<ScanFeedbackDetail>).detail);
    window.addEventListener(scanFeedbackEvent, listen);
    register(() => {
      throw new Error('нет');
    });
    expect(await deliverScan('123456')).toBe('refused');
    window.removeEventListener(scanFeedbackEvent, listen);
    expect(heard).toEqual([{ code: '123456', outcome: 'refused' }]);
  });

  it('tells subscribers when a handler comes and goes (the header’s camera button)', () => {
    const changes: boolean[] = [];
    const unsubscribe = subscribeScanHandlers(() => changes.push(hasScanHandler()));
    expect(hasScanHandler()).toBe(false);
    const off = register(() => 'ok');
    off();
    unsubscribe();
    register(() => 'ok');
    expect(changes).toEqual([true, false]);
  });

  it('a scan typed into an ordinary field is taken out of it and delivered; the field keeps what it had', async () => {
    const handler = vi.fn(() => 'ok' as const);
    register(handler);
    const field = document.createElement('input');
    field.value = 'Кру';
    const typed: string[] = [];
    field.addEventListener('input', () => typed.push(field.value));
    document.body.append(field);
    wedgeType(field, '4601234567893');
    await vi.waitFor(() => expect(handler).toHaveBeenCalledWith('4601234567893'));
    expect(field.value).toBe('Кру');
    expect(typed.at(-1)).toBe('Кру');
    field.remove();
  });

  it('a field marked data-scan="keep" keeps the code and raises no scan', async () => {
    const handler = vi.fn(() => 'ok' as const);
    register(handler);
    const field = document.createElement('input');
    field.dataset.scan = 'keep';
    document.body.append(field);
    wedgeType(field, '4601234567893');
    await new Promise((r) => setTimeout(r, 20));
    expect(handler).not.toHaveBeenCalled();
    expect(field.value).toBe('4601234567893');
    field.remove();
  });

  it('slow typing in a field is typing: no scan, the text stays', async () => {
    const handler = vi.fn(() => 'ok' as const);
    register(handler);
    const field = document.createElement('input');
    document.body.append(field);
    wedgeType(field, '4601', 200);
    await new Promise((r) => setTimeout(r, 20));
    expect(handler).not.toHaveBeenCalled();
    expect(field.value).toBe('4601');
    field.remove();
  });
});

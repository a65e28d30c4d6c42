import type { Page } from 'playwright-core';

/**
 * What a hand scanner (a keyboard wedge) does: the code's characters 5 ms apart, then Enter, to whatever has the
 * focus. Sent as real, trusted key events through the DevTools protocol carrying the scanner's own timestamps, which
 * become the events' `timeStamp` — as a real scanner's keystrokes keep their spacing however busy the page is.
 * (`page.keyboard.type(code, { delay: 5 })` waits for each key's round trip: on a loaded machine the keys then land
 * tens of milliseconds apart, and the wedge rightly takes them for a person typing.)
 */
export async function wedgeScan(page: Page, code: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const start = Date.now() / 1000;
  const keys = [...code].map((char) => ({ key: char, text: char, code: '', keyCode: char.charCodeAt(0) }));
  keys.push({ key: 'Enter', text: '\r', code: 'Enter', keyCode: 13 });
  try {
    for (const [i, k] of keys.entries()) {
      const common = { key: k.key, code: k.code, windowsVirtualKeyCode: k.keyCode, timestamp: start + i * 0.005 };
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', text: k.text, ...common });
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...common, timestamp: common.timestamp + 0.002 });
    }
  } finally {
    await cdp.detach();
  }
}

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';

export interface ViewportSize {
  width: number;
  height: number;
}

interface Seen {
  inside: boolean;
  /** The box that cuts the control off, when one does. */
  clippedBy: string | null;
  /** Reached only by scrolling a box (or the page) sideways. */
  swiped: string | null;
  free: boolean;
  small: boolean;
  box: string;
  hit: string;
}

/** From this width up no field may wait behind a sideways scroll (issue 21: a landscape tablet and wider). */
const noSwipeFrom = 1024;

/**
 * Whether a control can be used where it is on this screen size, without closing anything: scrolled to
 * (the page and any box holding it), it lies wholly inside the viewport and inside every box that clips
 * or scrolls it, nothing covers its centre (the topmost element there is the control or inside it), and
 * a button or field is at least 44 px tall. From 1024 px a field or a button must be reached without
 * scrolling anything sideways (a read-only cell may still wait behind a table's swipe). Problems are
 * collected rather than thrown, so one run lists every screen that needs work.
 */
export class ViewportCheck {
  readonly problems: string[] = [];
  screen = '';

  constructor(
    readonly page: Page,
    readonly size: ViewportSize,
    private readonly shotsDir: string,
  ) {
    mkdirSync(shotsDir, { recursive: true });
  }

  private report(what: string, problem: string) {
    this.problems.push(`${this.size.width}x${this.size.height} ${this.screen}: ${what} — ${problem}`);
  }

  /**
   * With `asShown`, nothing is scrolled first: the control must already be in view as the screen put it
   * (e.g. the tab chosen by `?td=`), and wholly inside the box that scrolls it, clear of its fading edges.
   */
  async usable(what: string, control: Locator, { asShown = false } = {}): Promise<void> {
    try {
      await control.waitFor({ state: 'visible', timeout: 8_000 });
      const seen: Seen = await control.evaluate(
        (el, { asShown, swipeAllowed }) => {
          const describe = (e: Element | null) =>
            e
              ? `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}.${[...e.classList].join('.')} «${(e.textContent ?? '').trim().slice(0, 40)}»`
              : 'nothing';
          // Every box between the control and the page that scrolls or cuts off what overflows it.
          const boxes: HTMLElement[] = [];
          for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
            const style = getComputedStyle(a);
            if (style.overflowX !== 'visible' || style.overflowY !== 'visible') boxes.push(a);
          }
          let swiped: string | null = null;
          if (!asShown) {
            // From the start of every sideways scroll, as the screen opens: then only what it takes to reach it.
            for (const b of boxes) b.scrollLeft = 0;
            window.scrollTo({ left: 0, top: window.scrollY, behavior: 'instant' });
            el.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
            // A heading or a read-only cell may wait behind the swipe; a field or a row's button may not.
            const editable =
              el.matches(
                'input, select, textarea, button, [contenteditable="true"], [role="checkbox"], [role="switch"]',
              ) || el.closest('button') !== null;
            if (!swipeAllowed && editable) {
              const moved = boxes.find((b) => b.scrollLeft > 1);
              if (moved) swiped = describe(moved);
              else if (window.scrollX > 1) swiped = 'the page';
            }
          }
          const r = el.getBoundingClientRect();
          let clipped = false;
          if (asShown) {
            let box = el.parentElement;
            while (box && getComputedStyle(box).overflowX !== 'auto') box = box.parentElement;
            const b = box?.getBoundingClientRect();
            // 40 px: the fading edge of a scrolling row (src/ui/tabs.css.ts) when more lies that way.
            if (box && b)
              clipped =
                (box.scrollLeft > 0 && r.left < b.left + 40) ||
                (box.scrollLeft < box.scrollWidth - box.clientWidth - 1 && r.right > b.right - 40);
          }
          // Inside each box's visible client area (its borders and scroll bars left out), a pixel of slack.
          const cutBy = boxes.find((b) => {
            const outer = b.getBoundingClientRect();
            const left = outer.left + b.clientLeft;
            const top = outer.top + b.clientTop;
            return (
              r.left < left - 1 ||
              r.top < top - 1 ||
              r.right > left + b.clientWidth + 1 ||
              r.bottom > top + b.clientHeight + 1
            );
          });
          const width = document.documentElement.clientWidth;
          const height = window.innerHeight;
          const hitAt = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          const tag = el.tagName.toLowerCase();
          const touchable =
            tag === 'button' ||
            tag === 'select' ||
            (tag === 'input' && !['checkbox', 'radio', 'file'].includes((el as HTMLInputElement).type));
          return {
            inside:
              !clipped &&
              r.width > 0 &&
              r.height > 0 &&
              r.left >= -1 &&
              r.top >= -1 &&
              r.right <= width + 1 &&
              r.bottom <= height + 1,
            clippedBy: cutBy ? describe(cutBy) : null,
            swiped,
            free: hitAt !== null && (hitAt === el || el.contains(hitAt)),
            small: touchable && r.height < 43.5,
            box: `${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)}`,
            hit: describe(hitAt),
          };
        },
        { asShown, swipeAllowed: this.size.width < noSwipeFrom },
      );
      if (!seen.inside) this.report(what, `outside the viewport at ${seen.box}`);
      if (seen.clippedBy) this.report(what, `cut off at ${seen.box} by its scrolling box ${seen.clippedBy}`);
      if (seen.swiped) this.report(what, `reached only by scrolling ${seen.swiped} sideways`);
      if (!seen.free) this.report(what, `covered at ${seen.box} by ${seen.hit}`);
      if (seen.small) this.report(what, `smaller than a 44 px touch target: ${seen.box}`);
    } catch (e) {
      this.report(what, `not shown: ${String((e as Error).message).split('\n')[0]}`);
    }
  }

  /**
   * Every editable field of `scope` that is shown — input, select, textarea, and every button (the
   * row actions among them) — usable as above. A field drawn 1 px or smaller is hidden by design
   * (a file input behind its button) and left out.
   */
  async fields(what: string, scope: Locator): Promise<void> {
    const controls = scope.locator(
      'input:not([type="hidden"]), select, textarea, button, [contenteditable="true"], [role="checkbox"], [role="switch"]',
    );
    for (const control of await controls.all()) {
      if (!(await control.isVisible())) continue;
      const { name, tiny } = await control.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const named =
          el.getAttribute('aria-label') ??
          (el as HTMLInputElement).labels?.[0]?.textContent ??
          el.getAttribute('placeholder') ??
          el.getAttribute('title') ??
          el.textContent ??
          '';
        return {
          name: named.replace(/\s+/g, ' ').trim().slice(0, 60) || el.tagName.toLowerCase(),
          tiny: r.width <= 1 || r.height <= 1,
        };
      });
      if (!tiny) await this.usable(`${what}: ${name}`, control);
    }
  }

  /**
   * A table too wide for the screen says so: scrolled back to its start, the edge where columns are
   * hidden shows its shadow (src/ui/scroll-area.tsx).
   */
  async sideCue(what: string, row: Locator): Promise<void> {
    try {
      const seen = await row.evaluate(async (el) => {
        let box = el.parentElement;
        while (box && getComputedStyle(box).overflowX !== 'auto') box = box.parentElement;
        if (!box || box.scrollWidth <= box.clientWidth + 1) return 'fits';
        box.scrollLeft = 0;
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        const frame = box.parentElement!;
        const shadow = getComputedStyle(frame, '::after');
        return frame.hasAttribute('data-more-right') && shadow.content !== 'none' ? 'cue' : 'no cue';
      });
      if (seen === 'no cue') this.report(what, 'the table scrolls sideways with no shadow at its right edge');
    } catch (e) {
      this.report(what, `not shown: ${String((e as Error).message).split('\n')[0]}`);
    }
  }

  /** Every field, select, button and link of a table row, and its last cell (the columns at the far right). */
  async row(what: string, row: Locator): Promise<void> {
    await this.sideCue(what, row);
    await this.usable(`${what}: last cell`, row.locator(':scope > td').last());
    const controls = await row.locator('input:not([type="hidden"]):not([type="file"]), select, button, a[href]').all();
    for (const [i, control] of controls.entries()) {
      const name = (await control.getAttribute('aria-label')) ?? (await control.textContent())?.trim() ?? String(i);
      await this.usable(`${what}: ${name}`, control);
    }
  }

  /** The screen as the seller sees it now, at the top of the page. */
  async screenshot(name: string): Promise<void> {
    await this.page.evaluate(() => window.scrollTo(0, 0));
    await this.page.screenshot({ path: path.join(this.shotsDir, `${name}.png`) });
  }
}

import { scanFeedback, type ScanOutcome } from './feedback.ts';
import { KeyboardWedge } from './keyboard-wedge.ts';
import { normalizeBarcode } from './ean13.ts';

/** What a screen does with a scanned code; its answer picks the sound. */
export type ScanHandler = (code: string) => ScanOutcome | Promise<ScanOutcome>;

/**
 * Every scan — a keyboard wedge anywhere on the page, or the camera — goes to the newest registered handler: the
 * screen's, or a dialog's opened over it (which unregisters on close, giving the screen its scans back).
 */
const handlers: ScanHandler[] = [];
let detach: (() => void) | null = null;

const watchers = new Set<() => void>();
const notify = () => watchers.forEach((w) => w());

/** Whether some screen or dialog takes scans now (the header shows its camera button only then). */
export const hasScanHandler = (): boolean => handlers.length > 0;

/** Calls `listener` whenever a handler comes or goes; answers the unsubscribe (fits useSyncExternalStore). */
export function subscribeScanHandlers(listener: () => void): () => void {
  watchers.add(listener);
  return () => watchers.delete(listener);
}

export function registerScanHandler(handler: ScanHandler): () => void {
  handlers.push(handler);
  if (handlers.length === 1 && typeof window !== 'undefined') detach = listenToWedge();
  notify();
  return () => {
    const at = handlers.lastIndexOf(handler);
    if (at !== -1) handlers.splice(at, 1);
    if (handlers.length === 0) {
      detach?.();
      detach = null;
    }
    notify();
  };
}

/** Hands a code to the current handler and plays its outcome. Returns the outcome (null: nobody listens). */
export async function deliverScan(raw: string): Promise<ScanOutcome | null> {
  const code = normalizeBarcode(raw);
  const handler = handlers.at(-1);
  if (!code || !handler) return null;
  let outcome: ScanOutcome;
  try {
    outcome = await handler(code);
  } catch {
    outcome = 'refused';
  }
  scanFeedback(code, outcome);
  return outcome;
}

type Editable = HTMLInputElement | HTMLTextAreaElement;
const isEditable = (t: EventTarget | null): t is Editable =>
  (t instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(t.type)) ||
  t instanceof HTMLTextAreaElement;

/** Sets a field's value so React's onChange sees it, as if the person had typed it. */
function restoreValue(field: Editable, value: string): void {
  const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Listens on the whole page, before any field: a scan typed while a field has focus (a quantity, a search) is taken
 * back out of that field, so the code lands in the document rather than in whatever was focused. A field marked
 * `data-scan="keep"` (one made for typing a barcode) keeps what the scanner typed and raises no scan.
 */
function listenToWedge(): () => void {
  const wedge = new KeyboardWedge();
  let before: { field: Editable; value: string } | null = null;
  const onKey = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
    const step = wedge.key(event.key, event.timeStamp || performance.now());
    const target = event.target;
    if (step.kind === 'char' && step.first) before = isEditable(target) ? { field: target, value: target.value } : null;
    if (step.kind !== 'scan') return;
    if (isEditable(target) && target.dataset.scan === 'keep') return;
    event.preventDefault();
    event.stopPropagation();
    if (before && before.field === target) restoreValue(before.field, before.value);
    before = null;
    void deliverScan(step.code);
  };
  window.addEventListener('keydown', onKey, true);
  return () => window.removeEventListener('keydown', onKey, true);
}

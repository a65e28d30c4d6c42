import { useEffect, useState } from 'react';
import { scanFeedbackEvent, type ScanFeedbackDetail, type ScanOutcome } from '../scan/feedback.ts';
import { note, tint } from './scan-flash.css.ts';

const words: Record<ScanOutcome, string> = { ok: 'Найдено', unknown: 'Не найдено', refused: 'Отклонено' };
/** The colour is a blink; the words stay a little longer, to be read. */
const flashMs = 300;
const noteMs = 2500;

/**
 * After every scan: a short green (found) or red (anything else) wash over the screen, and the code with a word at
 * the bottom. The words are a live region, so a screen reader says them and a test can read them.
 */
export function ScanFlash() {
  const [last, setLast] = useState<(ScanFeedbackDetail & { at: number }) | null>(null);
  const [flashing, setFlashing] = useState(false);
  useEffect(() => {
    const onFeedback = (event: Event) => {
      const detail = (event as CustomEvent<ScanFeedbackDetail>).detail;
      setLast({ ...detail, at: Date.now() });
      setFlashing(true);
    };
    window.addEventListener(scanFeedbackEvent, onFeedback);
    return () => window.removeEventListener(scanFeedbackEvent, onFeedback);
  }, []);
  useEffect(() => {
    if (!last) return;
    const stopFlash = setTimeout(() => setFlashing(false), flashMs);
    const clear = setTimeout(() => setLast(null), noteMs);
    return () => {
      clearTimeout(stopFlash);
      clearTimeout(clear);
    };
  }, [last]);
  return (
    <>
      {flashing && last && <div key={last.at} className={tint[last.outcome === 'ok' ? 'ok' : 'bad']} />}
      <div className={note} role="status" aria-label="Результат сканирования" data-outcome={last?.outcome}>
        {last ? `${last.code} — ${words[last.outcome]}` : ''}
      </div>
    </>
  );
}

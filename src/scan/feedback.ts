/** What a scan came to: `ok` — found and done; `unknown` — no product has this code; `refused` — not allowed here. */
export type ScanOutcome = 'ok' | 'unknown' | 'refused';

/** Sent on window after every scan, so the shell can flash the screen and tests can see what the packer heard. */
export const scanFeedbackEvent = 'ostatok:scan-feedback';
export interface ScanFeedbackDetail {
  code: string;
  outcome: ScanOutcome;
}

let audio: AudioContext | null = null;

function tone(frequency: number, startAt: number, durationS: number): void {
  if (!audio) return;
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.frequency.value = frequency;
  oscillator.type = 'square';
  gain.gain.value = 0.15;
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start(audio.currentTime + startAt);
  oscillator.stop(audio.currentTime + startAt + durationS);
}

/**
 * One short high beep and a short buzz for a good scan; two low beeps and a longer double buzz for anything else,
 * so a packer with a box in one hand knows without looking. Sound and vibration are best effort: a browser
 * without them (or before the first touch) stays silent.
 */
export function scanFeedback(code: string, outcome: ScanOutcome): void {
  try {
    audio ??= typeof AudioContext === 'function' ? new AudioContext() : null;
    if (outcome === 'ok') tone(1800, 0, 0.08);
    else {
      tone(320, 0, 0.14);
      tone(320, 0.2, 0.14);
    }
  } catch {
    audio = null;
  }
  navigator.vibrate?.(outcome === 'ok' ? 40 : [90, 60, 90]);
  window.dispatchEvent(new CustomEvent<ScanFeedbackDetail>(scanFeedbackEvent, { detail: { code, outcome } }));
}

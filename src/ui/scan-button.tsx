import { useState, useSyncExternalStore } from 'react';
import { hasScanHandler, subscribeScanHandlers } from '../scan/scan-bus.ts';
import { Button } from './button.tsx';
import { CameraScanDialog } from './camera-scan-dialog.tsx';

/** A barcode drawn in SVG (no emoji font needed), coloured by the button's text. */
function BarcodeIcon() {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M3 7V4h3M18 4h3v3M21 17v3h-3M6 20H3v-3M7 8v8M10 8v8M13 8v8M17 8v8" />
    </svg>
  );
}

/**
 * «Сканировать» in the header: opens the camera. Shown only while the screen takes scans (a screen without a use
 * for a code has nothing to do with one), so it comes and goes with the screens' handlers.
 */
export function ScanButton() {
  const available = useSyncExternalStore(subscribeScanHandlers, hasScanHandler, () => false);
  const [open, setOpen] = useState(false);
  if (!available && !open) return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} aria-label="Сканировать камерой">
        <BarcodeIcon />
        Сканировать
      </Button>
      <CameraScanDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

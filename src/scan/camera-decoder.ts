/**
 * Finds a barcode in a camera frame. The browser's own BarcodeDetector when it has one (Chrome on Android, Safari):
 * fast and free. Otherwise zxing-wasm — its .wasm is served by the app and precached by the service worker
 * (vite.config.ts globPatterns), never fetched from a CDN, so the camera works offline. This module is imported
 * lazily by the camera dialog: the decoder costs nothing until someone presses «Сканировать».
 */
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** Decodes one frame; null when no code is in it. */
export type FrameDecoder = (frame: ImageData) => Promise<string | null>;

const nativeFormats = ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_128', 'code_39', 'qr_code'];

interface NativeDetector {
  detect(source: ImageData): Promise<Array<{ rawValue: string }>>;
}
interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats?(): Promise<string[]>;
}

async function nativeDecoder(): Promise<FrameDecoder | null> {
  const Detector = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const supported = (await Detector.getSupportedFormats?.()) ?? nativeFormats;
    const formats = nativeFormats.filter((f) => supported.includes(f));
    if (formats.length === 0) return null;
    const detector = new Detector({ formats });
    return async (frame) => (await detector.detect(frame)).find((c) => c.rawValue)?.rawValue ?? null;
  } catch {
    return null;
  }
}

async function wasmDecoder(): Promise<FrameDecoder> {
  const { prepareZXingModule, readBarcodes } = await import('zxing-wasm/reader');
  await prepareZXingModule({ overrides: { locateFile: () => wasmUrl }, fireImmediately: true });
  return async (frame) => {
    const results = await readBarcodes(frame, {
      formats: ['EAN13', 'EAN8', 'UPCA', 'UPCE', 'Code128', 'Code39', 'QRCode'],
      tryHarder: true,
      maxNumberOfSymbols: 1,
    });
    return results.find((r) => r.isValid && r.text)?.text ?? null;
  };
}

/** The best decoder this browser has (the native one first). */
export async function createFrameDecoder(): Promise<FrameDecoder> {
  return (await nativeDecoder()) ?? wasmDecoder();
}

/** A linear barcode as bars in module units, left to right, ready to draw at any scale. */
export type BarcodeBars = {
  bars: { start: number; width: number }[];
  /** The symbol's width in modules, bars and spaces, without quiet zones. */
  modules: number;
  /** Blank modules the symbology requires on each side for a scanner to find the symbol. */
  quietLeft: number;
  quietRight: number;
};

/**
 * bwip-js encodes the code (check digits, Code 128 code sets); its `raw` answer lists alternating bar/space widths
 * starting with a bar, which we turn into rectangles — vector bars decode more reliably than a scaled bitmap.
 */
export async function barcodeBars(code: string, symbology: 'ean13' | 'code128'): Promise<BarcodeBars> {
  const bwip = (await import('bwip-js/browser')).default;
  const [symbol] = bwip.raw(symbology, code, {});
  if (!symbol || !('sbs' in symbol)) throw new Error(`bwip-js returned no linear symbol for ${symbology}`);
  const bars: BarcodeBars['bars'] = [];
  let position = 0;
  symbol.sbs.forEach((width, index) => {
    if (index % 2 === 0 && width > 0) bars.push({ start: position, width });
    position += width;
  });
  return symbology === 'ean13'
    ? { bars, modules: position, quietLeft: 11, quietRight: 7 }
    : { bars, modules: position, quietLeft: 10, quietRight: 10 };
}

import { useState } from 'react';
import { imageSrc } from '../lib/image-src.ts';

/**
 * A product's picture in a list, or an empty box of the same size so the rows line up — also when
 * the picture can't be loaded (offline, or a marketplace host that is down): a broken-image icon
 * says nothing useful to the seller.
 */
export function Thumb({ image, className }: { image?: string | null; className: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!image || failed === image) return <span className={className} />;
  return <img className={className} src={imageSrc(image)} alt="" loading="lazy" onError={() => setFailed(image)} />;
}

import { imageSrc } from '../lib/image-src.ts';

/** A product's picture in a list, or an empty box of the same size so the rows line up. */
export function Thumb({ image, className }: { image?: string | null; className: string }) {
  return image ? <img className={className} src={imageSrc(image)} alt="" loading="lazy" /> : <span className={className} />;
}

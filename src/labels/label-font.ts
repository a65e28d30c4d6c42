// DejaVu Sans cut down to Latin, Cyrillic, digits and common punctuation (about 25 KB instead of 750 KB). Inlined as a
// data URL into the lazily loaded labels chunk, so the service worker precaches it with the JavaScript and labels
// print offline. Made with fonttools from Debian's fonts-dejavu-core; license: src/labels/dejavu-license.txt.
//   U=U+0020-007E,U+00A0-00FF,U+0400-045F,U+0490-0491,U+2010-2027,U+2030-203A,U+20AC,U+20BD,U+2116,U+2122
//   pyftsubset /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf --unicodes="$U" --layout-features='' \
//     --no-hinting --desubroutinize --output-file=src/labels/dejavu-sans-labels.ttf
import fontDataUrl from './dejavu-sans-labels.ttf?inline';

export async function loadLabelFont(): Promise<Uint8Array> {
  const base64 = fontDataUrl.slice(fontDataUrl.indexOf(',') + 1);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

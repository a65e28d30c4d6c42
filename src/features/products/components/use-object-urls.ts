import { useEffect, useState } from 'react';

export interface BlobSource {
  id: string;
  data: Blob | ArrayBuffer;
  type?: string;
}

/**
 * Object URLs for pictures held on the device (chosen files, uploads still waiting), revoked when
 * they leave the screen so the memory is given back. Keyed by id: a re-render makes no new URLs.
 */
export function useObjectUrls(sources: readonly BlobSource[]): Record<string, string> {
  const [urls, setUrls] = useState<Record<string, string>>({});
  const key = sources.map((s) => s.id).join('|');
  useEffect(() => {
    // jsdom (component tests) has no object URLs; the tiles show without a picture there.
    if (typeof URL.createObjectURL !== 'function') return;
    const made = Object.fromEntries(
      sources.map((s) => [
        s.id,
        URL.createObjectURL(s.data instanceof Blob ? s.data : new Blob([s.data], { type: s.type })),
      ]),
    );
    setUrls(made);
    return () => Object.values(made).forEach((u) => URL.revokeObjectURL(u));
    // Only `key` is a dependency: the bytes behind an id never change.
  }, [key]);
  return urls;
}

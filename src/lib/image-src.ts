import { apiBase } from '../sync/config.ts';

/** Uploaded pictures are served by the API (/uploads/…); marketplace pictures keep their own hosts. */
export const imageSrc = (url: string) => (url.startsWith('/') ? `${apiBase()}${url}` : url);

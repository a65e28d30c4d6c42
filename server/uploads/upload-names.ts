/** A stored picture's name: its SHA-256 and the extension its content check chose (server/lib/images.ts). */
export const uploadNamePattern = /^[0-9a-f]{64}\.(jpg|png|webp)$/;

export const isUploadName = (name: string) => uploadNamePattern.test(name);

const typesByExt: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** The type a name's extension stands for: the folder keeps no type beside the file. */
export const contentTypeOfName = (name: string) =>
  typesByExt[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

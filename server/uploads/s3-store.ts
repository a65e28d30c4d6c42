import type { Readable } from 'node:stream';
import {
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../config.ts';
import type { OpenedUpload, UploadInfo, UploadStore } from './upload-store.ts';

const missing = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

/**
 * S3-compatible object storage. The app streams each object through itself, so picture URLs stay
 * /uploads/<name> on the app's own origin (the CSP allows images from 'self' only) and the bucket stays private.
 */
export class S3UploadStore implements UploadStore {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
    });
  }

  async put(name: string, contentType: string, data: Buffer): Promise<void> {
    // An object with this name already holds these very bytes: no need to send them again.
    if (await this.has(name)) return;
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: name,
        Body: data,
        ContentType: contentType,
        ContentLength: data.length,
      }),
    );
  }

  async stat(name: string): Promise<UploadInfo | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: name }));
      return { contentType: head.ContentType ?? 'application/octet-stream', size: head.ContentLength ?? 0 };
    } catch (err) {
      if (missing(err)) return undefined;
      throw err;
    }
  }

  async open(name: string): Promise<OpenedUpload | undefined> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: name }));
      return {
        contentType: object.ContentType ?? 'application/octet-stream',
        size: object.ContentLength ?? 0,
        // In Node the SDK's body is the HTTP response itself: a Readable, consumed as the client reads.
        stream: object.Body as Readable,
      };
    } catch (err) {
      if (missing(err)) return undefined;
      throw err;
    }
  }

  async has(name: string): Promise<boolean> {
    return (await this.stat(name)) !== undefined;
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { detectImage, MAX_IMAGE_BYTES, storeImage } from '../lib/images.ts';
import { Problem } from '../lib/problem.ts';
import { bearer, problems } from '../schemas/common.ts';
import { imageSchema, imageUploadBody } from '../schemas/products.ts';

const tooLarge = () => new Problem(413, 'file_too_large', 'Файл больше 10 МБ: уменьшите картинку');

/** Image upload. Multipart is parsed only here (this plugin is encapsulated), nowhere else in the API. */
const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, parts: 11 } });

  app.post(
    '/image/',
    {
      // Stored by content hash, an upload is idempotent by itself; its store writes outside any request transaction.
      // Never queued: a file is sent only while online, not as a sync push entry.
      config: { transaction: false, queueable: false },
      schema: {
        tags: ['products'],
        summary: 'Загрузить картинку товара',
        description:
          'multipart/form-data с одним полем file: JPEG, PNG или WebP (по содержимому файла), не больше 10 МБ.',
        security: bearer,
        consumes: ['multipart/form-data'],
        body: imageUploadBody,
        response: { 200: imageSchema, ...problems(400, 401, 413, 415) },
      },
    },
    async (request) => {
      if (!request.isMultipart())
        throw new Problem(415, 'multipart_expected', 'Отправьте картинку как multipart/form-data в поле file');
      let data: Buffer;
      try {
        const part = await request.file();
        if (!part) throw new Problem(400, 'file_missing', 'Файл не передан: нужно поле file');
        if (part.fieldname !== 'file')
          throw new Problem(400, 'file_missing', `Файл нужно передать в поле file, а не «${part.fieldname}»`);
        data = await part.toBuffer();
      } catch (err) {
        if (err instanceof Problem) throw err;
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
          throw new Problem(400, 'too_many_parts', 'Передайте одну картинку в поле file');
        throw new Problem(400, 'multipart_invalid', 'Не удалось прочитать загружаемый файл: повторите отправку');
      }
      if (data.length === 0) throw new Problem(400, 'file_empty', 'Файл пустой');
      const ext = detectImage(data);
      if (!ext)
        throw new Problem(
          415,
          'image_type_unsupported',
          'Это не картинка JPEG, PNG или WebP: загрузите фото в одном из этих форматов',
        );
      return { url: await storeImage(app.uploads, data, ext) };
    },
  );
};

export default imageRoutes;

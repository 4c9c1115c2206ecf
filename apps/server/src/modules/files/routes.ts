import multipart from '@fastify/multipart';
import {
  ACCEPTED_IMAGE_TYPES,
  apiErrorSchema,
  UPLOAD_LIMITS,
  UPLOAD_MESSAGES as U,
  uploadResultSchema,
} from '@exchange/contracts';
import type { FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { ok, responses, type DocumentedSchema } from '../../lib/route-schema.js';
import { authOf } from '../../lib/request-auth.js';
import { inTurn } from '../../lib/bounded-pool.js';
import { UPLOADS_IN_PROGRESS } from './image-pool.js';
import { openStoredFile, uploadImages } from './service.js';
import type { RouteGroup } from '../route-group.js';

const tags = ['files'];

/** The multipart body, for the docs (S8): what readFileParts accepts. */
const UPLOAD_BODY = {
  type: 'object',
  required: ['files'],
  properties: {
    files: {
      type: 'array',
      minItems: 1,
      maxItems: UPLOAD_LIMITS.maxFiles,
      items: { type: 'string', format: 'binary' },
      description: `Repeated \`files\` parts: ${ACCEPTED_IMAGE_TYPES.join(', ')}, at most ${UPLOAD_LIMITS.maxBytes / 1024 / 1024} MB each`,
    },
  },
};
const security = [{ bearer: [] }];

/** Identity document uploads, and reading them back (owner or admin). Lives in the secured scope. */
export const fileRoutes: RouteGroup = {
  prefix: '/files',
  access: 'user',
  routes: async (app) => {
    // Registered here only, so no other route accepts multipart bodies.
    await app.register(multipart, {
      limits: {
        fileSize: UPLOAD_LIMITS.maxBytes,
        files: UPLOAD_LIMITS.maxFiles,
        fields: 10,
        fieldSize: 1024,
        fieldNameSize: 100,
        parts: 20,
        headerPairs: 100,
      },
    });

    app.post('/upload/multiple', {
      schema: {
        tags,
        security,
        summary: 'Upload identity document images',
        description:
          'multipart/form-data with repeated `files` fields: JPEG, PNG or WebP, at most 5 MB and ' +
          '16 megapixels each (48 together), up to 5 at a time. Each is re-encoded, which strips ' +
          'its metadata. They count against a daily quota of 60 before they are read. 503: too ' +
          'many uploads in progress, try again.',
        consumes: ['multipart/form-data'],
        documentedBody: UPLOAD_BODY,
        response: responses({ 201: uploadResultSchema }),
      } as FastifySchema & DocumentedSchema,
      handler: async (request, reply) => {
        const files = await inTurn(UPLOADS_IN_PROGRESS, async () =>
          uploadImages(app.ctx, authOf(request).userId, await readFileParts(request)),
        );
        return reply.code(201).send(ok(201, U.uploaded, { files }));
      },
    });

    app.get('/:id', {
      schema: {
        tags,
        security,
        summary: 'A stored image (its owner and administrators only)',
        params: z.object({ id: z.uuid({ error: 'File not found' }) }),
        response: {
          200: z.unknown().describe('The re-encoded image, with its own content type'),
          '4xx': apiErrorSchema,
          '5xx': apiErrorSchema,
        },
      },
      handler: async (request, reply) => {
        const { row, image } = await openStoredFile(
          app.ctx,
          authOf(request),
          request.ip,
          request.params.id,
        );
        return (
          reply
            .header('content-type', row.contentType)
            .header('content-length', image.length)
            .header('cache-control', 'private, no-store')
            .header('content-disposition', `inline; filename="${row.path}"`)
            // Opened directly, the image can run nothing and load nothing.
            .header('content-security-policy', "default-src 'none'; sandbox")
            .send(image)
        );
      },
    });
  },
};

/** The bytes of each `files` part; limits and malformed bodies become clear refusals. */
async function readFileParts(request: FastifyRequest): Promise<Buffer[]> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', U.notMultipart);
  const errors = request.server.multipartErrors;
  const uploads: Buffer[] = [];
  try {
    for await (const part of request.files()) {
      if (part.fieldname !== 'files') {
        part.file.resume();
        throw new AppError('BAD_REQUEST', U.notMultipart);
      }
      uploads.push(await part.toBuffer());
    }
  } catch (err) {
    if (err instanceof errors.RequestFileTooLargeError) {
      throw new AppError('PAYLOAD_TOO_LARGE', U.imageTooLarge);
    }
    if (err instanceof errors.FilesLimitError) {
      throw new AppError('PAYLOAD_TOO_LARGE', U.tooManyFiles);
    }
    if (err instanceof errors.InvalidMultipartContentTypeError) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', U.notMultipart);
    }
    throw err;
  }
  if (uploads.length === 0) throw new AppError('BAD_REQUEST', U.noFiles);
  return uploads;
}

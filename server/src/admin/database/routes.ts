import { Readable } from 'node:stream';
import { ADMIN_TEXT, api, BACKUP_FIELD, BACKUP_MAX_BYTES, VALIDATION } from '@enclave/protocol';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { admin, viewerOf } from '../../auth/guards.ts';
import { steppedUp } from '../../auth/step-up.ts';
import { badRequest } from '../../errors.ts';
import { fromContract } from '../../http/contract-route.ts';
import { uploadedFile } from '../../http/uploads.ts';
import { backupChunks, backupFileName } from './backup.ts';
import { restoreDatabase } from './restore.ts';

/** The uploaded backup's text: one .json file in the `backup` field (spec 001 §5: 'No File Selected'). */
async function uploadedBackup(request: FastifyRequest): Promise<string> {
  if (!request.isMultipart()) throw badRequest(VALIDATION.noFileSelected);
  const file = await uploadedFile(request, ADMIN_TEXT.restoreTooLarge);
  if (!file || file.fieldname !== BACKUP_FIELD) throw badRequest(VALIDATION.noFileSelected);
  if (!file.filename.toLowerCase().endsWith('.json')) throw badRequest(ADMIN_TEXT.restoreNotJson);
  return file.data.toString('utf8');
}

export const databaseRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(fastifyMultipart, { limits: { fileSize: BACKUP_MAX_BYTES, files: 1, fields: 5 } });

  app.route({
    ...fromContract(api.databaseBackup),
    preHandler: admin,
    handler: async (_request, reply) =>
      reply
        .header('content-disposition', `attachment; filename="${backupFileName()}"`)
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(Readable.from(backupChunks(app))),
  });

  app.route({
    ...fromContract(api.databaseRestore),
    preHandler: [admin, steppedUp],
    handler: async (request) => restoreDatabase(app, viewerOf(request), await uploadedBackup(request)),
  });
};

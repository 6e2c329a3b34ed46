import { ErrorCode, SERVER_TEXT } from '@enclave/protocol';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../errors.ts';

export interface UploadedFile {
  fieldname: string;
  filename: string;
  data: Buffer;
}

/**
 * The request's one file, read whole. Fastify's multipart parser throws plain errors (no status) for a body it
 * cannot read, such as a missing boundary; those are the client's fault, so they answer 400, never 500.
 * `tooLarge` replaces the parser's own wording of a 413 where a route's spec words it.
 */
export async function uploadedFile(request: FastifyRequest, tooLarge?: string): Promise<UploadedFile | undefined> {
  try {
    const file = await request.file();
    if (!file) return undefined;
    return { fieldname: file.fieldname, filename: file.filename, data: await file.toBuffer() };
  } catch (error) {
    const { code, statusCode } = error as { code?: string; statusCode?: number };
    if (code === 'FST_REQ_FILE_TOO_LARGE' && tooLarge) throw new AppError(413, ErrorCode.PayloadTooLarge, tooLarge);
    if (statusCode && statusCode < 500) throw error;
    throw badRequest(SERVER_TEXT.malformedUpload);
  }
}

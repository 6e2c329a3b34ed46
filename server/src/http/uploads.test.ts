import { api, ErrorCode, SERVER_TEXT } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/app.ts';
import { createMember } from '../test/factories.ts';
import { multipartFile, tinyPng } from '../test/multipart.ts';

let app: App;

beforeAll(async () => {
  app = await createTestApp();
});

const { payload: wellFormed, headers } = multipartFile('file', 'backup.json', 'application/json', tinyPng());
const boundary = headers['content-type'].split('boundary=')[1] as string;

/** Bodies a broken or hostile client sends as multipart/form-data. */
const malformed: Record<string, { contentType: string; body: Buffer }> = {
  'no boundary': { contentType: 'multipart/form-data', body: wellFormed },
  'a boundary the body never uses': { contentType: 'multipart/form-data; boundary=elsewhere', body: wellFormed },
  'a body cut off inside the file': {
    contentType: headers['content-type'],
    body: wellFormed.subarray(0, wellFormed.length - boundary.length - 10),
  },
  'a part without headers': {
    contentType: headers['content-type'],
    body: Buffer.from(`--${boundary}\r\nnot a header line\r\n\r\nx\r\n--${boundary}--\r\n`),
  },
};

describe.each([
  ['the profile picture', api.uploadProfilePicture.url, {}],
  ['the database restore', api.databaseRestore.url, { isAdmin: true }],
])('a malformed multipart body to %s', (_name, url, role) => {
  it.each(Object.entries(malformed))('with %s answers 400 { message, code }, never 500', async (_case, bad) => {
    const { client } = await createMember(app, role);
    const response = await client.request('POST', url, bad.body, undefined, { 'content-type': bad.contentType });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.any(String), code: ErrorCode.Validation });
    expect(response.json().message).not.toBe(SERVER_TEXT.internal);
  });
});

import { ADMIN_TEXT, BACKUP_FORMAT, BackupManifest } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { mongo } from 'mongoose';
import Value from 'typebox/value';
import { badRequest } from '../../errors.ts';
import { backedUpConfirmedPayments } from '../../payments/backup.ts';
import { backedUpLedger } from '../../wallet/backup.ts';
import { checkLedger } from './backup-ledger.ts';
import { type BackedUpCollection, backedUpCollections } from './collections.ts';

const { EJSON } = mongo.BSON;
type Document = mongo.Document;

export interface ParsedBackup {
  manifest: BackupManifest;
  /** Documents by collection, with their exact BSON types; a known collection missing from the file is empty. */
  collections: Map<string, Document[]>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The unique keys a collection's indexes enforce (`_id` and every unique index), as field lists. */
function uniqueKeys({ model }: BackedUpCollection): string[][] {
  const keys = model.schema
    .indexes()
    .filter(([, options]) => options?.unique === true)
    .map(([fields]) => Object.keys(fields));
  return [['_id'], ...keys];
}

const valueAt = (document: Document, path: string) =>
  path.split('.').reduce<unknown>((value, key) => (isRecord(value) ? value[key] : undefined), document);

/**
 * One collection's documents, each decoded and checked against its model's schema, and no two
 * sharing a unique key: a restore that would fail half-way on an index never starts.
 */
async function parseDocuments(collection: BackedUpCollection, documents: unknown[]): Promise<Document[]> {
  const { name, model } = collection;
  const seen = uniqueKeys(collection).map((fields) => ({ fields, values: new Set<string>() }));
  const parsed: Document[] = [];
  for (const [index, raw] of documents.entries()) {
    const invalid = (problem: string) => badRequest(ADMIN_TEXT.restoreBadDocument(name, index, problem));
    if (!isRecord(raw)) throw invalid('not an object');
    let exact: Document;
    let plain: Document;
    try {
      exact = EJSON.deserialize(raw, { relaxed: false });
      plain = EJSON.deserialize(raw, { relaxed: true });
    } catch (error) {
      throw invalid((error as Error).message);
    }
    if (plain._id === undefined) throw invalid('_id is missing');
    try {
      await new model(plain).validate();
    } catch (error) {
      throw invalid((error as Error).message);
    }
    for (const { fields, values } of seen) {
      const key = EJSON.stringify(fields.map((field) => valueAt(plain, field) ?? null));
      if (values.has(key)) throw badRequest(ADMIN_TEXT.restoreDuplicate(name, fields.join(' + ')));
      values.add(key);
    }
    parsed.push(exact);
  }
  return parsed;
}

/**
 * Reads and checks a whole backup file before anything is written: the format and version, only the
 * app's collections, the manifest's counts, and every document. Anything else is a 400.
 */
export async function parseBackup(app: FastifyInstance, text: string): Promise<ParsedBackup> {
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch {
    throw badRequest(ADMIN_TEXT.restoreNotBackup);
  }
  if (!isRecord(file) || !isRecord(file.manifest) || !isRecord(file.collections)) {
    throw badRequest(ADMIN_TEXT.restoreNotBackup);
  }
  const { manifest, collections } = file;
  if (manifest.format !== BACKUP_FORMAT.format) throw badRequest(ADMIN_TEXT.restoreNotBackup);
  if (manifest.version !== BACKUP_FORMAT.version) throw badRequest(ADMIN_TEXT.restoreVersion(manifest.version));
  if (!Value.Check(BackupManifest, manifest)) throw badRequest(ADMIN_TEXT.restoreNotBackup);

  const known = new Map(backedUpCollections(app).map((collection) => [collection.name, collection]));
  for (const name of new Set([...Object.keys(collections), ...Object.keys(manifest.counts)])) {
    if (!known.has(name)) throw badRequest(ADMIN_TEXT.restoreUnknownCollection(name));
  }
  const parsed = new Map<string, Document[]>();
  for (const [name, collection] of known) {
    const documents = collections[name] ?? [];
    if (!Array.isArray(documents)) throw badRequest(ADMIN_TEXT.restoreNotBackup);
    const expected = manifest.counts[name] ?? 0;
    if (expected !== documents.length) {
      throw badRequest(ADMIN_TEXT.restoreCountMismatch(name, manifest.counts[name], documents.length));
    }
    parsed.set(name, await parseDocuments(collection, documents));
  }
  const documentsOf = (collection: string) => parsed.get(collection) ?? [];
  checkLedger(backedUpLedger(app, documentsOf), backedUpConfirmedPayments(app, documentsOf));
  return { manifest, collections: parsed };
}

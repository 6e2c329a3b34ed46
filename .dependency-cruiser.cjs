/**
 * The server's seams, checked by `npm test` (`npm run lint:imports`): storage mechanics stay inside `storage/`, and
 * a domain reaches another only through its exported functions, never its collections. docs/storage.md says why.
 */
const DOMAINS =
  '(activity|admin|auth|categories|group-buys|moderation|notifications|payments|replies|private-messages|reports|threads|users|wallet)';

module.exports = {
  forbidden: [
    {
      name: 'storage-internals',
      comment:
        'Outside storage/, only storage/index.ts is the storage module: buckets, heads, repairs and its own collections are private.',
      severity: 'error',
      from: { path: '^(server/src|scripts/src)/', pathNot: '^server/src/storage/' },
      to: { path: '^server/src/storage/', pathNot: '^server/src/storage/index\\.ts$' },
    },
    {
      name: 'storage-imports-no-domain',
      comment: 'The storage module is the lowest layer: it knows no domain (the composition root, app.ts, does).',
      severity: 'error',
      from: { path: '^server/src/storage/' },
      to: { path: `^server/src/${DOMAINS}/` },
    },
    {
      name: 'domain-collections',
      comment:
        "A domain's collections (its models.ts and *-model.ts schemas) are its own: another domain calls its exported functions.",
      severity: 'error',
      from: { path: `^server/src/${DOMAINS}/`, pathNot: '\\.test\\.tsx?$' },
      to: {
        path: `^server/src/${DOMAINS}/(models|[a-z-]+-model)\\.ts$`,
        pathNot: '^server/src/$1/',
        // A record's type is a shape, compiled away: what is forbidden is reaching the collection.
        dependencyTypesNot: ['type-only'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    exclude: { path: 'node_modules' },
  },
};

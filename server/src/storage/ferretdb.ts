import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createConnection, createServer } from 'node:net';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * FerretDB 1.24 on its SQLite backend: the MongoDB-wire fallback for machines that can
 * fetch no `mongod` binary. Built once from the Go module proxy into a cache outside the repo.
 */
export const FERRETDB_VERSION = 'v1.24.2';
const MODULE = 'github.com/FerretDB/FerretDB';

/** A change made to FerretDB's source before it is built: `from` must occur exactly once in `file`. */
interface Patch {
  file: string;
  from: string;
  to: string;
}

const COLLECTION_GO = 'internal/backends/sqlite/collection.go';
const FSQL_DB_GO = 'internal/util/fsql/db.go';

/**
 * Four changes to FerretDB before it is built. Data written by an unpatched build needs no conversion: the index is
 * unchanged, only queries differ.
 *
 * 1. Lookups by `_id` use the index. The backend creates the unique `_id` index on the expression `sjson->"_id"`
 *    but looked documents up by `sjson->'$._id'`. The two mean the same, but SQLite uses an expression index only
 *    for the identical expression, so every find, update and delete by `_id` scanned the table (measured on 20k
 *    small documents: a find 2.8 ms, an update 41 ms, growing with the collection). Written as the index is (as
 *    FerretDB's PostgreSQL backend already writes them), the plan is `SEARCH … USING INDEX`.
 * 2. `{ _id: { $in: [...] } }` (string or ObjectID ids) is answered from the index too, one lookup per id, where
 *    FerretDB read the whole collection: many documents by key in one command. Twenty point reads sent at once
 *    took 23.5 ms, the same twenty in one `$in` 4.1 ms (`storage/read-batches.ts` sends reads this way). FerretDB's
 *    handler still filters every document it gets back, so the narrower read cannot change an answer.
 * 3. An update command of many statements (`storage/write-batches.ts` sends them) releases each statement's read as
 *    it goes: FerretDB released them all only at the command's end, and a few such commands at once exhausted its
 *    SQLite connection pool and waited on one another for ever (a group-buy race of 50 members hung).
 * 4. Writes queue for SQLite's one writer in FerretDB, each starting as the one before ends, instead of polling the
 *    lock in SQLite's busy handler, which sleeps 1, 2, 5, 10, 15, 20 ms and more between tries: under 20 writers at
 *    once, writes that needed 2-5 ms answered after 40-47 (the 20 replies at once, p50 about 165 ms against 130).
 */
const PATCHES: Patch[] = [
  {
    file: 'internal/backends/sqlite/metadata/metadata.go',
    from: `IDColumn = DefaultColumn + "->'$._id'"`,
    to: `IDColumn = DefaultColumn + "->'_id'"`,
  },
  {
    file: COLLECTION_GO,
    // Query's, not Explain's (which sets filterPushdown between these lines).
    from: `		case string, types.ObjectID:
			whereClause = fmt.Sprintf(\` WHERE %s = ?\`, metadata.IDColumn)
			args = []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}
		}`,
    to: `		case string, types.ObjectID:
			whereClause = fmt.Sprintf(\` WHERE %s = ?\`, metadata.IDColumn)
			args = []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}
		case *types.Document:
			whereClause, args = idsInClause(v.(*types.Document))
		}`,
  },
  {
    file: COLLECTION_GO,
    // Explain's, so that a plan shows the index used (storage/database.test.ts checks it).
    from: `			filterPushdown = true
			whereClause = fmt.Sprintf(\` WHERE %s = ?\`, metadata.IDColumn)
			args = []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}
		}`,
    to: `			filterPushdown = true
			whereClause = fmt.Sprintf(\` WHERE %s = ?\`, metadata.IDColumn)
			args = []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}
		case *types.Document:
			whereClause, args = idsInClause(v.(*types.Document))
			filterPushdown = whereClause != ""
		}`,
  },
  {
    file: COLLECTION_GO,
    from: '// UpdateAll implements backends.Collection interface.',
    to: `// idsInClause answers {_id: {$in: [ids]}} (string or ObjectID ids) from the _id index, one lookup per id;
// any other filter on _id is left to the handler, which filters every document anyway.
func idsInClause(filter *types.Document) (string, []any) {
	in, err := filter.Get("$in")
	if err != nil || filter.Len() != 1 {
		return "", nil
	}

	ids, ok := in.(*types.Array)
	if !ok || ids.Len() == 0 {
		return "", nil
	}

	marks := make([]string, ids.Len())
	args := make([]any, ids.Len())

	for i := 0; i < ids.Len(); i++ {
		id := must.NotFail(ids.Get(i))
		switch id.(type) {
		case string, types.ObjectID:
			marks[i] = "?"
			args[i] = string(must.NotFail(sjson.MarshalSingleValue(id)))
		default:
			return "", nil
		}
	}

	return fmt.Sprintf(\` WHERE %s IN (%s)\`, metadata.IDColumn, strings.Join(marks, ", ")), args
}

// UpdateAll implements backends.Collection interface.`,
  },
  {
    // Its loop closed each statement's read with a `defer`, that is at the command's end (item 3 above).
    file: 'internal/handler/msg_update.go',
    from: `		result, err := common.UpdateDocument(ctx, c, "update", iter, &u)
		if err != nil {`,
    to: `		result, err := common.UpdateDocument(ctx, c, "update", iter, &u)
		closer.Close()

		if err != nil {`,
  },
  {
    file: FSQL_DB_GO,
    from: `	"log/slog"
	"time"`,
    to: `	"log/slog"
	"sync"
	"time"`,
  },
  {
    file: FSQL_DB_GO,
    from: `	BatchSize int
}`,
    to: `	BatchSize int

	// writes queues the database's writers: SQLite lets one write at a time, and its busy handler makes the others
	// poll in sleeps of 1, 2, 5, 10, 15, 20 ms and more, so a write that waited for a lock held 3 ms answered after 18.
	writes sync.Mutex
}`,
  },
  {
    file: FSQL_DB_GO,
    from: `	var sqlTx *sql.Tx

	if sqlTx, err = db.sqlDB.BeginTx(ctx, nil); err != nil {`,
    to: `	var sqlTx *sql.Tx

	db.writes.Lock()
	defer db.writes.Unlock()

	if sqlTx, err = db.sqlDB.BeginTx(ctx, nil); err != nil {`,
  },
  {
    file: FSQL_DB_GO,
    from: `	db.l.With(fields...).DebugContext(ctx, fmt.Sprintf(">>> %s", query))

	res, err := db.sqlDB.ExecContext(ctx, query, args...)`,
    to: `	db.l.With(fields...).DebugContext(ctx, fmt.Sprintf(">>> %s", query))

	db.writes.Lock()
	res, err := db.sqlDB.ExecContext(ctx, query, args...)
	db.writes.Unlock()`,
  },
];

/**
 * SQLite's `synchronous=NORMAL` in WAL mode (FerretDB's own default is FULL): a commit is written to the log but
 * not flushed to disk each time, only at checkpoints. A write survives FerretDB or the server crashing (the
 * operating system has it); an operating-system crash or power cut may lose the last moments' writes, as a
 * standalone MongoDB may with its default write concern (w: 1, acknowledged before its journal's next flush). It halves the cost of each write here (measured: 20
 * concurrent replies 263 → 130 ms p50 on the same code), and the embedded database is for development and tests.
 */
const SYNCHRONOUS = 'synchronous(normal)';
/**
 * SQLite reads the first GiB of its file through memory mapping instead of a read call per page into each connection's
 * own 2 MB cache (the M dataset's file is 280 MB): 20 replies at once 73 -> 66 ms p50 (three A/B pairs).
 */
const MMAP = 'mmap_size(1073741824)';
/**
 * Go's collector runs when the heap has grown by 400 % of what survived the last collection, not 100 %: FerretDB
 * allocates a document's JSON and BSON forms on every command, and collected four times as often 20 premium purchases
 * at once took 65 ms p50 against 56 (six A/B pairs; 20 sellers 79 against 65). Its resident memory under them stays
 * under 100 MB, the mapped file included.
 */
const GOGC = '400';
const PRAGMAS = [SYNCHRONOUS, MMAP].map((pragma) => `_pragma=${pragma}`).join('&');
/** Names the build in the cache after its patches, so a build with other patches (or none) is never reused. */
const BUILD = `${FERRETDB_VERSION}-${createHash('sha256').update(JSON.stringify(PATCHES)).digest('hex').slice(0, 8)}`;

const run = promisify(execFile);
const say = (line: string) => process.stderr.write(`[ferretdb] ${line}\n`);

export function ferretdbHome(): string {
  const cache = process.env.FERRETDB_CACHE ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'enclave');
  return join(cache, `ferretdb-${BUILD}`);
}

export function ferretdbBinary(): string {
  return join(ferretdbHome(), 'bin', 'ferretdb');
}

/**
 * `go install` of the pinned release. It runs inside a copy of the module source because
 * (1) `go install pkg@version` asks the proxy for the version list, which this proxy refuses,
 * (2) the release zip lacks the generated build/version/version.txt that FerretDB's own
 * panic message tells builders to create by hand, and (3) the reads by `_id` are patched (above).
 */
export async function installFerretdb(): Promise<string> {
  const binary = ferretdbBinary();
  if (existsSync(binary)) return binary;
  const home = ferretdbHome();
  const src = join(home, 'src');
  say(`installing FerretDB ${FERRETDB_VERSION} into ${home} (first use only; this takes a few minutes)`);
  say(`downloading ${MODULE}@${FERRETDB_VERSION} from the Go module proxy...`);
  const { stdout } = await run('go', ['mod', 'download', '-json', `${MODULE}@${FERRETDB_VERSION}`], {
    maxBuffer: 16 * 1024 * 1024,
  });
  const { Dir } = JSON.parse(stdout) as { Dir: string };
  await rm(src, { recursive: true, force: true });
  await mkdir(home, { recursive: true });
  await cp(Dir, src, { recursive: true });
  await chmod(src, 0o755);
  await run('chmod', ['-R', 'u+w', src]);
  await writeFile(join(src, 'build/version/version.txt'), `${FERRETDB_VERSION}\n`);
  for (const { file, from, to } of PATCHES) {
    const patched = join(src, file);
    const code = await readFile(patched, 'utf8');
    if (code.split(from).length !== 2) throw new Error(`${file} is not as expected; not patched`);
    await writeFile(patched, code.replace(from, to));
  }
  say('compiling (go install ./cmd/ferretdb)...');
  await new Promise<void>((resolve, reject) => {
    const child = spawn('go', ['install', '-v', './cmd/ferretdb'], {
      cwd: src,
      env: { ...process.env, GOBIN: join(home, 'bin'), GOFLAGS: '-mod=mod' },
      stdio: ['ignore', 'inherit', 'pipe'],
    });
    let built = 0;
    child.stderr.on('data', (chunk: Buffer) => {
      built += chunk.toString().split('\n').filter(Boolean).length;
      if (built % 50 < 5) say(`  ${built} packages compiled...`);
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`go install exited with ${code}`))));
  });
  await rm(src, { recursive: true, force: true });
  say(`installed ${binary}`);
  return binary;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ port, host: '127.0.0.1' }, () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`FerretDB did not open port ${port} within ${timeoutMs} ms`);
}

export interface RunningFerretdb {
  uri: string;
  pid: number | undefined;
  /** Settles when the process has exited, stopped or not. */
  exited: Promise<void>;
  /** SIGTERM, then SIGKILL after 5 s; `SIGKILL` at once stands for a crash. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** `port` lets a restart come back where its clients expect it; by default any free port. */
export async function startFerretdb(dataDir: string, port?: number): Promise<RunningFerretdb> {
  const binary = await installFerretdb();
  await mkdir(dataDir, { recursive: true });
  port ??= await freePort();
  const child = spawn(
    binary,
    [
      '--handler=sqlite',
      `--sqlite-url=file:${dataDir}/?${PRAGMAS}`,
      `--listen-addr=127.0.0.1:${port}`,
      `--state-dir=${dataDir}`,
      '--telemetry=disable',
      '--debug-addr=-',
      '--log-level=error',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, GOGC: process.env.GOGC ?? GOGC } },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await Promise.race([
    waitForPort(port, 15_000),
    exited.then(() => {
      throw new Error('FerretDB exited during start-up');
    }),
  ]);
  return {
    uri: `mongodb://127.0.0.1:${port}/`,
    pid: child.pid,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null) return;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

// `tsx server/src/storage/ferretdb.ts install`: the CI and developer entry point.
if (process.argv[1]?.endsWith('ferretdb.ts') && process.argv[2] === 'install') {
  installFerretdb().catch((error: unknown) => {
    say(`install failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}

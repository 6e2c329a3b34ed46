import { execFile, spawn } from 'node:child_process';
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

/**
 * One line of FerretDB changed before it is built, because otherwise no read or write by `_id` uses
 * an index. Its SQLite backend creates the unique `_id` index on the expression `sjson->"_id"` but
 * looks documents up by `sjson->'$._id'`. The two mean the same, but SQLite uses an expression index
 * only for the identical expression. So every find, update and delete by `_id` scanned the table:
 * measured on 20k small documents, a find took 2.8 ms and an update 41 ms, growing with the
 * collection. With lookups written as the index is (as FerretDB's PostgreSQL backend already writes
 * them), the plan is `SEARCH … USING INDEX`. Data written by an unpatched build needs no conversion:
 * the index is unchanged, and only the queries differ.
 */
const ID_LOOKUP_PATCH = {
  file: 'internal/backends/sqlite/metadata/metadata.go',
  from: `IDColumn = DefaultColumn + "->'$._id'"`,
  to: `IDColumn = DefaultColumn + "->'_id'"`,
};
/**
 * SQLite's `synchronous=NORMAL` in WAL mode (FerretDB's own default is FULL): a commit is written to the log but
 * not flushed to disk each time, only at checkpoints. A write survives FerretDB or the server crashing (the
 * operating system has it); an operating-system crash or power cut may lose the last moments' writes, as a
 * standalone MongoDB may with its default write concern (w: 1, acknowledged before its journal's next flush). It halves the cost of each write here (measured: 20
 * concurrent replies 263 → 130 ms p50 on the same code), and the embedded database is for development and tests.
 */
const SYNCHRONOUS = 'synchronous(normal)';
/** Names the build in the cache, so a build without the patch is never reused. */
const BUILD = `${FERRETDB_VERSION}-id-index`;

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
 * panic message tells builders to create by hand, and (3) the `_id` lookup is patched (above).
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
  const patched = join(src, ID_LOOKUP_PATCH.file);
  const code = await readFile(patched, 'utf8');
  if (!code.includes(ID_LOOKUP_PATCH.from)) throw new Error(`${ID_LOOKUP_PATCH.file} is not as expected; not patched`);
  await writeFile(patched, code.replace(ID_LOOKUP_PATCH.from, ID_LOOKUP_PATCH.to));
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
      `--sqlite-url=file:${dataDir}/?_pragma=${SYNCHRONOUS}`,
      `--listen-addr=127.0.0.1:${port}`,
      `--state-dir=${dataDir}`,
      '--telemetry=disable',
      '--debug-addr=-',
      '--log-level=error',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
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

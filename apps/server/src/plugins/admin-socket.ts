import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';

/**
 * The embedded database's data directory belongs to one process at a time: PGlite takes no lock
 * on it, and a second process opening it replays the write-ahead log under the first one's feet
 * and loses writes (decision record 0051). The process that holds it listens on
 * `DATA_DIR/admin.sock` (0600, in the 0700 DATA_DIR of decision record 0024): the server, which
 * answers `npm run backup` over it, or the backup and restore commands while they work on a
 * stopped server's directory. Whoever finds the socket answering keeps off the directory.
 */
export const ADMIN_SOCKET = 'admin.sock';

/** The longest socket path every supported system takes (macOS 103 bytes, Linux 107). */
const MAX_SOCKET_PATH_BYTES = 103;

/** The largest request accepted: one line naming a file. */
const MAX_REQUEST_BYTES = 16 * 1024;

export class DataDirInUse extends Error {
  constructor(dataDir: string) {
    super(
      `DATA_DIR (${dataDir}) is in use by another process: a running server, backup or restore. Stop it or let it finish first.`,
    );
    this.name = 'DataDirInUse';
  }
}

export interface BackupProgress {
  table: string;
  rows: number;
}

export interface BackupSummary {
  file: string;
  tables: number;
  rows: number;
  bytes: number;
}

/** What the socket does for its holder: the server takes backups of its open database. */
export interface AdminHandlers {
  backup(
    file: string,
    options: { onTable: (progress: BackupProgress) => void; signal: AbortSignal },
  ): Promise<BackupSummary>;
}

export interface AdminSocket {
  /** Answers requests with `handlers` from now on; until then every request is told the holder is busy. */
  serve(handlers: AdminHandlers, log?: FastifyBaseLogger): void;
  /** Stops answering: requests in flight are cut off and waited for. The directory stays held. */
  stopServing(): Promise<void>;
  /** Lets the directory go: the socket is closed and removed. */
  close(): Promise<void>;
}

const requestSchema = z.object({ command: z.literal('backup'), file: z.string().refine((f) => path.isAbsolute(f)) });

/** One line of an answer: progress, then the summary or an error. */
type Answer = { progress: BackupProgress } | { done: BackupSummary } | { error: string };

export function adminSocketPath(dataDir: string): string {
  const file = path.join(dataDir, ADMIN_SOCKET);
  if (Buffer.byteLength(file) > MAX_SOCKET_PATH_BYTES) {
    throw new Error(
      `DATA_DIR is too long for its admin socket: ${file} must be at most ${MAX_SOCKET_PATH_BYTES} bytes; choose a shorter DATA_DIR`,
    );
  }
  return file;
}

/** The holder's socket, connected, or undefined when nothing holds the directory (none, or a stale one). */
export function connectAdminSocket(dataDir: string): Promise<net.Socket | undefined> {
  const file = adminSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const socket = net.connect(file);
    const onError = (error: NodeJS.ErrnoException) =>
      error.code === 'ENOENT' || error.code === 'ECONNREFUSED' ? resolve(undefined) : reject(error);
    socket.once('error', onError);
    socket.once('connect', () => {
      socket.off('error', onError);
      resolve(socket);
    });
  });
}

/**
 * Takes the data directory for this process: fails with DataDirInUse while another process
 * answers on its socket; a socket left by a process that died is replaced. `holder` says who
 * holds it, in the answer to requests made before `serve` (or when it never will).
 */
export async function claimAdminSocket(dataDir: string, holder: string): Promise<AdminSocket> {
  const file = adminSocketPath(dataDir);
  await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
  const other = await connectAdminSocket(dataDir);
  if (other) {
    other.destroy();
    throw new DataDirInUse(dataDir);
  }
  await fs.rm(file, { force: true });

  let handlers: AdminHandlers | undefined;
  let log: FastifyBaseLogger | undefined;
  const aborts = new AbortController();
  const inFlight = new Set<Promise<void>>();
  const connections = new Set<net.Socket>();

  async function answer(socket: net.Socket) {
    const reply = (message: Answer) => {
      if (!socket.destroyed) socket.write(`${JSON.stringify(message)}\n`);
    };
    try {
      const text = await readRequest(socket);
      // A process checking whether the directory is held connects and goes: nothing to answer.
      if (text === '') return;
      const request = requestSchema.safeParse(parseJson(text));
      if (!request.success) throw new Error('not a request this socket answers');
      if (!handlers) throw new Error(`DATA_DIR is held by ${holder}; try again when it is done`);
      log?.info({ file: request.data.file }, 'backup requested on the admin socket');
      const summary = await handlers.backup(request.data.file, {
        onTable: (progress) => reply({ progress }),
        signal: aborts.signal,
      });
      log?.info(summary, 'backup written');
      reply({ done: summary });
    } catch (error) {
      log?.warn({ err: error }, 'admin socket request failed');
      reply({ error: error instanceof Error ? error.message : String(error) });
    } finally {
      socket.end();
    }
  }

  // Half-open: the client ends its side after the request and still reads the answer.
  const server = net.createServer({ allowHalfOpen: true }, (socket) => {
    connections.add(socket);
    socket.on('error', () => undefined);
    socket.once('close', () => connections.delete(socket));
    const work = answer(socket).finally(() => inFlight.delete(work));
    inFlight.add(work);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new DataDirInUse(dataDir)
          : new Error(`Cannot make the admin socket ${file}: ${error.message}`, { cause: error }),
      ),
    );
    server.listen(file, resolve);
  });
  server.on('error', (error) => log?.warn({ err: error }, 'admin socket failed'));
  await fs.chmod(file, 0o600);

  async function stopServing() {
    handlers = undefined;
    aborts.abort(new Error('the server is stopping'));
    for (const socket of connections) socket.destroy();
    await Promise.allSettled([...inFlight]);
  }

  return {
    serve(next, logger) {
      handlers = next;
      log = logger;
    },
    stopServing,
    async close() {
      await stopServing();
      await new Promise((resolve) => server.close(resolve));
      await fs.rm(file, { force: true });
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The request: everything the client sends before it ends its side. */
function readRequest(socket: net.Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (text.length > MAX_REQUEST_BYTES) socket.destroy(new Error('request too long'));
    });
    socket.once('end', () => resolve(text));
    socket.once('close', () =>
      text === '' ? resolve('') : reject(new Error('the connection closed before its request was complete')),
    );
  });
}

/**
 * The server's claim on its data directory. Another process holding it stops the start; a
 * directory that cannot hold a socket (a path too long, a file system without sockets) only
 * costs what the socket gives, and the log says so: the backup and restore commands, which need
 * the socket too, then refuse to work on it, so nothing ever opens the directory beside the server.
 */
export async function claimAdminSocketForServer(
  dataDir: string,
  log: FastifyBaseLogger,
): Promise<AdminSocket | undefined> {
  try {
    return await claimAdminSocket(dataDir, 'a starting server');
  } catch (error) {
    if (error instanceof DataDirInUse) throw error;
    log.warn(
      { err: error, dataDir },
      'no admin socket in DATA_DIR: `npm run backup` and `npm run restore` cannot work on it, and nothing keeps a second process off it',
    );
    return undefined;
  }
}

/**
 * Asks the holder on the other end of `socket` for a backup into `file` (an absolute path, written
 * by the holder); answers its summary, reporting each table as it is written.
 */
export async function requestBackup(
  socket: net.Socket,
  file: string,
  onTable: (progress: BackupProgress) => void,
): Promise<BackupSummary> {
  socket.end(`${JSON.stringify({ command: 'backup', file })}\n`);
  let text = '';
  let summary: BackupSummary | undefined;
  for await (const chunk of socket) {
    text += String(chunk);
    let end: number;
    while ((end = text.indexOf('\n')) >= 0) {
      const answer = JSON.parse(text.slice(0, end)) as Answer;
      text = text.slice(end + 1);
      if ('error' in answer) throw new Error(answer.error);
      if ('progress' in answer) onTable(answer.progress);
      else summary = answer.done;
    }
  }
  if (!summary) throw new Error('The server closed the admin socket before the backup was done');
  return summary;
}

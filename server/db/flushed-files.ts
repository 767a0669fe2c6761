import { closeSync, existsSync, fsync, fsyncSync, openSync, readdirSync, renameSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { PGlite, type Extension, type PGliteOptions } from '@electric-sql/pglite'

/**
 * Commits on disk that survive a power cut. PGlite starts PostgreSQL with fsync off (`-F`), and its Node file system
 * (Emscripten's NODEFS) has no fsync at all: every acknowledged commit of the on-disk database waited in the
 * operating system's page cache, and a machine that lost power before writing it back lost it (a kill -9 loses
 * nothing: the kernel still writes the pages). Here PostgreSQL runs with fsync on and flushes its WAL with fsync()
 * (its Linux default, fdatasync(), is a no-op in Emscripten), and NODEFS's fsync is Node's `fsyncSync` on the file:
 * a commit is answered once its WAL is on the disk, and a checkpoint flushes the data files it wrote. Shared
 * commits (card decisions, money movements) pay one flush per batch, and the WAL's flushes are left to the server's
 * thread (`walFlushesLater`), off the database's. In memory nothing changes.
 *
 * A failed flush makes PostgreSQL's fsync() fail with EIO: the COMMIT that asked for it is refused, never
 * acknowledged, and PostgreSQL stops (its rule: once the kernel reported a write it could not make, what it still
 * holds may be lost). PGlite does not answer after that, so the database thread answers every later request with the
 * failure itself (server/db/pglite-thread.ts); the server's queries then fail with the reason.
 */
type Stream = { nfd?: number; path?: string }
type Attributes = { size?: number }
type StreamOps = {
  fsync?: (stream: Stream) => number
  close: (stream: Stream) => void
  write: (stream: Stream, buffer: Uint8Array, offset: number, length: number, position?: number) => number
  setattr?: (stream: Stream, attributes: Attributes) => void
}
type FsNode = object
type NodeOps = {
  setattr: (node: FsNode, attributes: Attributes) => void
  unlink: (parent: FsNode, name: string) => void
  rmdir: (parent: FsNode, name: string) => void
  rename: (node: FsNode, newParent: FsNode, newName: string) => void
}
type Nodefs = { stream_ops: StreamOps; node_ops: NodeOps; realPath: (node: FsNode) => string }
type Emscripten = { NODEFS: Nodefs; FS: { ErrnoError: new (errno: number) => Error } }
type EmscriptenOptions = { preRun?: ((mod: Emscripten) => void)[] }
/** Emscripten's number for EIO, the error a failed fsync reports to PostgreSQL. */
const EIO = 29
let ZEROS = Buffer.alloc(8192)
/** Whether the bytes to be written are all zero. */
const zeros = (buffer: Uint8Array, offset: number, length: number) => {
  if (ZEROS.length < length) ZEROS = Buffer.alloc(length)
  return Buffer.from(buffer.buffer, buffer.byteOffset + offset, length).equals(ZEROS.subarray(0, length))
}

/**
 * What runs after each flush and when one fails (the database thread stops answering), the flush itself, and where
 * the WAL's flushes are noted when they are left to the server's thread (`walFlushesLater`).
 */
export type FlushHooks = {
  onFlush?: () => void
  /**
   * Each change to a file outside the WAL as it goes to the file system (tests watch the order): a write with its
   * bytes, a truncation, a removal or a rename.
   */
  onChange?: (change: FileChange) => void
  onFailure?: (error: unknown) => void
  flush?: (fd: number) => void
  later?: WalFlushesLater
}

/** A change to a file outside the WAL (`FlushHooks.onChange`). */
export type FileChange = { kind: 'write'; fd: number; bytes: Uint8Array } | { kind: 'truncate' | 'unlink' | 'rename' }

/** A PGlite extension (it only sets an option before PostgreSQL starts) giving NODEFS a real fsync. */
export function flushedFiles({
  onFlush = () => undefined,
  onChange = () => undefined,
  onFailure = () => undefined,
  flush = fsyncSync,
  later,
}: FlushHooks = {}): Extension {
  let failed = false
  /** Runs flushes; any failure, or any flush once one failed, is PostgreSQL's EIO (it refuses the commit, or stops). */
  const flushing = (mod: Emscripten, flushes: () => void) => {
    try {
      if (failed) throw new Error('an earlier flush failed')
      flushes()
    } catch (error) {
      if (!failed) onFailure(error)
      failed = true
      throw new mod.FS.ErrnoError(EIO)
    }
    onFlush()
    return 0
  }
  const flushNow = (mod: Emscripten, stream: Stream) =>
    flushing(mod, () => {
      if (stream.nfd !== undefined) flush(stream.nfd)
    })
  const isWal = (stream: Stream) => stream.path?.includes('/pg_wal/') === true
  return {
    name: 'cash-flushed-files',
    setup: async (_pg, emscriptenOpts: EmscriptenOptions) => ({
      emscriptenOpts: {
        ...emscriptenOpts,
        preRun: [
          ...(emscriptenOpts.preRun ?? []),
          (mod: Emscripten) => {
            const ops = mod.NODEFS.stream_ops
            const close = ops.close.bind(ops)
            const write = ops.write.bind(ops)
            // Every WAL flush PostgreSQL asked for so far, made (here or by the server's thread) before it goes on.
            const settle = () => {
              if (later?.pending()) flushing(mod, () => later.settle(flush))
            }
            ops.fsync = (stream) => {
              // A data file (a checkpoint's), or any flush once one failed (refused at once), goes now, after the WAL.
              if (!later || failed || !isWal(stream) || stream.nfd === undefined) {
                if (!isWal(stream)) settle()
                return flushNow(mod, stream)
              }
              later.owe(stream.nfd)
              return 0
            }
            // Write-ahead: no page of a data file (an evicted buffer, a checkpoint's, pg_control) reaches the file
            // system before the WAL that PostgreSQL flushed for it is on the disk. A page of zeros (a table or index
            // made longer) holds no change and waits for nothing.
            ops.write = (stream, buffer, offset, length, position) => {
              if (!isWal(stream)) {
                if (later?.pending() && !zeros(buffer, offset, length)) settle()
                if (stream.nfd !== undefined)
                  onChange({ kind: 'write', fd: stream.nfd, bytes: buffer.subarray(offset, offset + length) })
              }
              return write(stream, buffer, offset, length, position)
            }
            // So do truncations, removals and renames (a committed DROP or TRUNCATE, a table rewritten by ALTER,
            // VACUUM giving back the empty end of a table): PostgreSQL makes them after flushing the WAL that says so.
            const nodefs = mod.NODEFS
            const changes = (kind: 'truncate' | 'unlink' | 'rename', wal: boolean) => {
              if (wal) return
              settle()
              onChange({ kind })
            }
            const inWal = (node: FsNode) => isWal({ path: `${nodefs.realPath(node)}/` })
            const nodeOps = nodefs.node_ops
            const setattr = nodeOps.setattr.bind(nodeOps)
            nodeOps.setattr = (node, attributes) => {
              if (attributes.size !== undefined) changes('truncate', inWal(node))
              setattr(node, attributes)
            }
            const streamSetattr = ops.setattr?.bind(ops)
            if (streamSetattr)
              ops.setattr = (stream, attributes) => {
                if (attributes.size !== undefined) changes('truncate', isWal(stream))
                streamSetattr(stream, attributes)
              }
            const unlink = nodeOps.unlink.bind(nodeOps)
            nodeOps.unlink = (parent, name) => {
              changes('unlink', inWal(parent))
              unlink(parent, name)
            }
            const rmdir = nodeOps.rmdir.bind(nodeOps)
            nodeOps.rmdir = (parent, name) => {
              changes('unlink', inWal(parent))
              rmdir(parent, name)
            }
            const rename = nodeOps.rename.bind(nodeOps)
            nodeOps.rename = (node, newParent, newName) => {
              changes('rename', inWal(newParent))
              rename(node, newParent, newName)
            }
            // A WAL file closed with its flush owed or handed out (PostgreSQL closes a segment it has filled) is
            // settled first: its descriptor is not closed, and its number not reused, while a flush of it may run.
            ops.close = (stream) => {
              if (later && stream.nfd !== undefined && later.closing(stream.nfd)) settle()
              close(stream)
            }
          },
        ],
      },
    }),
  }
}

/** The WAL files whose flushes PostgreSQL asked for and this thread left to the server's thread. */
export type WalFlushesLater = ReturnType<typeof walFlushesLater>

/**
 * Where the server's thread says how far it has flushed: slot 0, the last answer (by id) whose WAL files, and every
 * earlier answer's, are on the disk; slot 1, not 0 once a flush failed. Shared with the database's thread.
 */
export const flushConfirmations = (): BigInt64Array => new BigInt64Array(new SharedArrayBuffer(16))

/** The server's side: answer `id` and every one before it are flushed (or, with `failed`, one could not be). */
export function confirmFlushed(confirmed: BigInt64Array, id: number, failed = false): void {
  if (failed) Atomics.store(confirmed, 1, 1n)
  else Atomics.store(confirmed, 0, BigInt(id))
  Atomics.notify(confirmed, 0)
}

/**
 * The WAL's flushes taken off the database's thread: group commit's other half. A commit's fsync of the WAL blocked
 * PGlite's one thread for as long as the disk took (0.3–0.9 ms a flush on the machines measured, 17 ms at worst;
 * in the open loop at 1,000 card decisions a second about 290 flushes a second), so the next batch waited on the disk
 * as well as on the batch before it. Here PostgreSQL's fsync of a WAL file only notes the file; the answer to the
 * request that committed carries the noted files (`take`), and the server's thread flushes them (the files are the
 * process's, whichever thread opened them) and hands the answer on once they are on the disk, each answer after the
 * ones before it (pglite-client.ts), while this thread already runs the next request. Nothing is answered before its
 * commit is on the disk, as before.
 *
 * PostgreSQL relies on a WAL flush being made in two more places: it writes a data page out (an evicted buffer, a
 * checkpoint's) only after flushing the WAL up to that page's changes, and it writes pg_control (which names the last
 * checkpoint) only after flushing the checkpoint's record. So before any write to a file outside the WAL, and before a
 * WAL file it was asked to flush closes, this thread `settle`s: it waits until the server's thread has flushed what was
 * handed out (`confirmed`, shared), then flushes what is still noted itself. Only the server's thread flushes a file
 * handed out until it says so, so an error a flush reports once is seen by whoever must refuse the commit, and a
 * descriptor is never closed (its number reused) while the server may still flush it. A page of zeros (a table made
 * longer, about once in fifty small commits) waits for nothing; pages with changes leave PGlite's buffers at a
 * checkpoint or when evicted. Without `confirmed` (PGlite on the caller's own thread, in tests) what was handed out
 * is flushed here.
 */
export function walFlushesLater(confirmed?: BigInt64Array) {
  let noted = new Set<number>()
  const handedOut = new Set<number>()
  let lastHandedOut = 0
  const serverFailed = () => confirmed !== undefined && Atomics.load(confirmed, 1) !== 0n
  const failure = () => new Error("the server's thread could not flush the WAL")
  const waitForServer = (confirmed: BigInt64Array) => {
    for (;;) {
      if (serverFailed()) throw failure()
      const through = Atomics.load(confirmed, 0)
      if (through >= BigInt(lastHandedOut)) return
      Atomics.wait(confirmed, 0, through, 1000)
    }
  }
  return {
    /** PostgreSQL asked for this WAL file to be flushed: noted, handed out by the next `take`. */
    owe(fd: number) {
      noted.add(fd)
    },
    /** The file is about to close: whether its flush is owed or handed out (then it is settled first). */
    closing(fd: number): boolean {
      return noted.has(fd) || handedOut.has(fd)
    },
    /** The noted files (their descriptors), handed to the server's thread with answer `id`: none again until noted. */
    take(id = 0): number[] {
      if (noted.size === 0) return []
      const fds = [...noted]
      noted = new Set()
      for (const fd of fds) handedOut.add(fd)
      lastHandedOut = Math.max(lastHandedOut, id)
      return fds
    },
    /** Whether a flush is owed or handed out and not yet known to be made, or the server's thread saw one fail. */
    pending(): boolean {
      return noted.size > 0 || handedOut.size > 0 || serverFailed()
    },
    /**
     * Every flush asked for so far made: the handed-out ones by the server's thread (waited for), the noted ones here
     * with `flush`. Throws if one failed.
     */
    settle(flush: (fd: number) => void) {
      // Once a flush failed, nothing more is written: the WAL it was to make durable may be gone.
      if (serverFailed()) throw failure()
      if (handedOut.size > 0) {
        if (confirmed) waitForServer(confirmed)
        else for (const fd of handedOut) flush(fd)
        handedOut.clear()
      }
      for (const fd of noted) flush(fd)
      noted = new Set()
    },
  }
}

/** Flushes files by descriptor on Node's thread pool. */
export const flushDescriptors = (fds: readonly number[]): Promise<void> =>
  Promise.all(
    fds.map((fd) => new Promise<void>((resolve, reject) => fsync(fd, (error) => (error ? reject(error) : resolve())))),
  ).then(() => undefined)

/**
 * The server thread's side of `walFlushesLater`: each answer's WAL files flushed, and the answers let go in the order
 * the database's thread sent them, each once its files and every earlier answer's are on the disk. Nothing that ran
 * after a commit (a read that saw it, say) is answered before that commit is flushed. Once a flush failed, that
 * answer and every later one fail with it (the database has stopped: pglite-client.ts).
 */
export function flushesInOrder(flush: (fds: readonly number[]) => Promise<void> = flushDescriptors) {
  let last: Promise<void> = Promise.resolve()
  return (fds: readonly number[] = []): Promise<void> => {
    last = last.then(() => (fds.length > 0 ? flush(fds) : undefined))
    return last
  }
}

/** PGlite's own start parameters, with fsync left on and the WAL flushed by fsync(). */
export const FLUSHED_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams.filter((p) => p !== '-F'),
  '-c',
  'wal_sync_method=fsync',
]

/** The options that open a PGlite folder on disk with flushed commits (the server's thread, a restore, tests). */
export const onDisk = (
  dataDir: string,
  options: Omit<PGliteOptions, 'dataDir' | 'startParams' | 'extensions'> = {},
  hooks?: FlushHooks,
): PGliteOptions => ({
  ...options,
  dataDir,
  startParams: [...FLUSHED_START_PARAMS],
  extensions: { cashFlushedFiles: flushedFiles(hooks) },
})

/** Flushes one file, or one folder's entries, to the disk. */
export function flushFile(path: string, flush: (fd: number) => void = fsyncSync): void {
  const fd = openSync(path, 'r')
  try {
    flush(fd)
  } finally {
    closeSync(fd)
  }
}

/**
 * Gives `partial` (written whole, not yet flushed) its final name `file` so that a power cut leaves either no file of
 * that name or the whole one: its bytes are flushed before the rename, and the folder's new entry after it.
 */
export function renameFlushed(partial: string, file: string, flush: (fd: number) => void = fsyncSync): void {
  flushFile(partial, flush)
  renameSync(partial, file)
  flushFile(dirname(file), flush)
}

/** Whether `dataDir` holds a database already (PostgreSQL writes PG_VERSION when it creates one). */
export const holdsDatabase = (dataDir: string) => existsSync(join(dataDir, 'PG_VERSION'))

/**
 * Flushes every file and folder under `dir`, and `dir`'s entry in its parent: once, after PGlite created a database
 * there or a backup was restored into it (both write their files without fsync), so the new folder is whole on disk
 * before the server acknowledges anything written to it.
 */
export function flushFolder(dir: string, flush: (fd: number) => void = fsyncSync): void {
  const flushPath = (path: string) => flushFile(path, flush)
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.isFile()) flushPath(path)
    }
    flushPath(folder)
  }
  walk(dir)
  flushPath(dirname(dir))
}

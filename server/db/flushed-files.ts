import { closeSync, existsSync, fsyncSync, openSync, readdirSync, renameSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { PGlite, type Extension, type PGliteOptions } from '@electric-sql/pglite'

/**
 * Commits on disk that survive a power cut. PGlite starts PostgreSQL with fsync off (`-F`), and its Node file system
 * (Emscripten's NODEFS) has no fsync at all: every acknowledged commit of the on-disk database waited in the
 * operating system's page cache, and a machine that lost power before writing it back lost it (a kill -9 loses
 * nothing: the kernel still writes the pages). Here PostgreSQL runs with fsync on and flushes its WAL with fsync()
 * (its Linux default, fdatasync(), is a no-op in Emscripten), and NODEFS's fsync is Node's `fsyncSync` on the file:
 * a commit is answered once its WAL is on the disk, and a checkpoint flushes the data files it wrote. Shared
 * commits (card decisions, money movements) pay one flush per batch. In memory nothing changes.
 *
 * A failed flush makes PostgreSQL's fsync() fail with EIO: the COMMIT that asked for it is refused, never
 * acknowledged, and PostgreSQL stops (its rule: once the kernel reported a write it could not make, what it still
 * holds may be lost). PGlite does not answer after that, so the database thread answers every later request with the
 * failure itself (server/db/pglite-thread.ts); the server's queries then fail with the reason.
 */
type Stream = { nfd?: number }
type Nodefs = { stream_ops: { fsync?: (stream: Stream) => number } }
type Emscripten = { NODEFS: Nodefs; FS: { ErrnoError: new (errno: number) => Error } }
type EmscriptenOptions = { preRun?: ((mod: Emscripten) => void)[] }
/** Emscripten's number for EIO, the error a failed fsync reports to PostgreSQL. */
const EIO = 29

/** What runs after each flush and when one fails (the database thread stops answering), and the flush itself. */
export type FlushHooks = { onFlush?: () => void; onFailure?: (error: unknown) => void; flush?: (fd: number) => void }

/** A PGlite extension (it only sets an option before PostgreSQL starts) giving NODEFS a real fsync. */
export function flushedFiles({
  onFlush = () => undefined,
  onFailure = () => undefined,
  flush = fsyncSync,
}: FlushHooks = {}): Extension {
  let failed = false
  const flushStream = (mod: Emscripten) => (stream: Stream) => {
    try {
      if (failed) throw new Error('an earlier flush failed')
      if (stream.nfd !== undefined) flush(stream.nfd)
    } catch (error) {
      if (!failed) onFailure(error)
      failed = true
      throw new mod.FS.ErrnoError(EIO) // PostgreSQL sees fsync() fail with EIO and refuses the commit
    }
    onFlush()
    return 0
  }
  return {
    name: 'cash-flushed-files',
    setup: async (_pg, emscriptenOpts: EmscriptenOptions) => ({
      emscriptenOpts: {
        ...emscriptenOpts,
        preRun: [
          ...(emscriptenOpts.preRun ?? []),
          (mod: Emscripten) => {
            mod.NODEFS.stream_ops.fsync = flushStream(mod)
          },
        ],
      },
    }),
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

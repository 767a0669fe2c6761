import { linkSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

/**
 * One writer per PGlite folder. PGlite has no lock of its own: two processes on one folder both accept writes,
 * and whatever one of them wrote is gone after a restart.
 *
 * The lock is a file in the folder naming its holder: `cash-server.lock.<generation>`. The highest generation
 * is the lock; it is free when its holder has stopped (a released lock is emptied) or died (a SIGKILL leaves it
 * behind). A starter takes a free lock by creating the *next* generation with an exclusive hard link of a file
 * already written in full, so between two starters only one link succeeds and no reader ever sees half a
 * holder. A stale lock is never deleted to take it over (two starters could each delete and recreate it and
 * both win); older generations are only swept by the winner, and a released lock is emptied, not deleted, so
 * the highest generation never disappears and a starter acting on an old listing finds a higher one and backs off.
 */

/**
 * A process holding a folder; `start` (its start time, from /proc on Linux) tells it from a later process given the
 * same pid.
 */
export type LockHolder = { pid: number; start: string | null }

/** A held folder; `release` frees it (idempotent). */
export type FolderLock = { folder: string; release(): void }

/** Thrown when another live process holds the folder. */
export class FolderLockedError extends Error {
  override readonly name = 'FolderLockedError'
  constructor(
    readonly folder: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The database folder ${folder} is in use by another Cash server (pid ${holder.pid}). ` +
        'One process owns a PGlite folder at a time: stop that process, or set DATA_DIR to another folder.',
    )
  }
}

const NAME = 'cash-server.lock.'
const GENERATION = /^cash-server\.lock\.(\d+)$/
// A starter that keeps losing races (each loss means another process moved) gives up rather than spin.
const MAX_ATTEMPTS = 50

/** Where a test makes another starter act: after this one judged the lock free, before it links its own. */
export type LockSeams = { beforeLink?: () => void }

let drafts = 0

/** Takes the folder for `me` (this process by default), or throws FolderLockedError naming the live holder. */
export function lockFolder(folder: string, me: LockHolder = thisProcess(), seams: LockSeams = {}): FolderLock {
  const dir = resolve(folder)
  const draft = join(dir, `${NAME}draft-${process.pid}-${++drafts}`)
  writeFileSync(draft, JSON.stringify(me))
  try {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const top = generations(dir).at(-1) ?? 0
      const holder = top ? readHolder(join(dir, `${NAME}${top}`)) : null
      if (holder === 'gone') continue
      if (holder && isRunning(holder)) throw new FolderLockedError(dir, holder)
      const mine = top + 1
      const path = join(dir, `${NAME}${mine}`)
      seams.beforeLink?.()
      try {
        linkSync(draft, path)
      } catch (error) {
        if (errorCode(error) === 'EEXIST') continue
        throw error
      }
      // A starter that read the generations long ago may recreate a number already swept: a higher one wins.
      if ((generations(dir).at(-1) ?? 0) > mine) {
        rmSync(path, { force: true })
        continue
      }
      for (const older of generations(dir).filter((g) => g < mine))
        rmSync(join(dir, `${NAME}${older}`), { force: true })
      let held = true
      return {
        folder: dir,
        release: () => {
          if (held) emptyLockFile(path)
          held = false
        },
      }
    }
    throw new Error(
      `Could not lock the database folder ${dir}: its lock files kept changing under ${MAX_ATTEMPTS} attempts`,
    )
  } finally {
    rmSync(draft, { force: true })
  }
}

/** The process named by the folder's lock, running or not; null when the folder has no lock or a released one. */
export function folderHolder(folder: string): LockHolder | null {
  const dir = resolve(folder)
  const top = generations(dir).at(-1)
  const holder = top ? readHolder(join(dir, `${NAME}${top}`)) : null
  return holder === 'gone' ? null : holder
}

/** Whether the process that took a lock still runs: its pid exists and, where the system tells, started when it did. */
export function isRunning(holder: LockHolder): boolean {
  try {
    process.kill(holder.pid, 0)
  } catch (error) {
    // EPERM: it exists, under another user.
    if (errorCode(error) === 'ESRCH') return false
  }
  if (holder.start === null) return true
  const start = startTime(holder.pid)
  return start === null || start === holder.start
}

/** This process as a lock holder. */
export function thisProcess(): LockHolder {
  return { pid: process.pid, start: startTime(process.pid) }
}

/** The start time of a process in clock ticks since boot (field 22 of /proc/<pid>/stat), or null off Linux. */
function startTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name (field 2) sits in parentheses and may hold spaces: count fields after its closing one.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null
  } catch {
    return null
  }
}

function generations(dir: string): number[] {
  return readdirSync(dir)
    .flatMap((name) => {
      const match = GENERATION.exec(name)
      return match ? [Number(match[1])] : []
    })
    .sort((a, b) => a - b)
}

/**
 * The holder a lock file names; null when it names none (released, or emptied by a crash of the machine); 'gone' when
 * swept meanwhile.
 */
function readHolder(path: string): LockHolder | null | 'gone' {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return 'gone'
    throw error
  }
  try {
    const { pid, start } = JSON.parse(text) as Partial<LockHolder>
    // pid 0 or below would signal a process group in isRunning.
    if (!Number.isSafeInteger(pid) || pid! <= 0) return null
    return { pid: pid!, start: typeof start === 'string' ? start : null }
  } catch {
    return null
  }
}

/** Empties our lock file (a released lock names no holder); it stays, so generations only ever grow. */
function emptyLockFile(path: string) {
  try {
    truncateSync(path, 0)
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error
  }
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code

import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { folderHolder, FolderLockedError, lockFolder, thisProcess, type FolderLock } from './folder-lock'

let folder: string
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'cash-folder-lock-'))
})
afterEach(() => rmSync(folder, { recursive: true, force: true }))

/** The pid of a process that has exited (a child run to its end). */
const deadPid = () => {
  const child = spawnSync(process.execPath, ['-e', ''])
  expect(child.status).toBe(0)
  return child.pid
}

const lockFiles = () => readdirSync(folder).filter((name) => name.startsWith('cash-server.lock.'))

describe('one writer per PGlite folder', () => {
  it('locks a free folder to this process, and frees it on release', () => {
    const lock = lockFolder(folder)
    expect(folderHolder(folder)).toEqual(thisProcess())
    lock.release()
    expect(folderHolder(folder)).toBeNull()
    lockFolder(folder).release()
  })

  it('refuses a folder a live process holds, naming the folder and the pid', () => {
    const lock = lockFolder(folder)
    let refusal: unknown
    try {
      lockFolder(folder)
    } catch (error) {
      refusal = error
    }
    expect(refusal).toBeInstanceOf(FolderLockedError)
    expect((refusal as FolderLockedError).holder.pid).toBe(process.pid)
    expect((refusal as Error).message).toContain(
      `The database folder ${folder} is in use by another Cash server (pid ${process.pid})`,
    )
    expect(folderHolder(folder)).toEqual(thisProcess())
    lock.release()
  })

  it('takes over a lock whose holder died without releasing it, and sweeps the dead lock', () => {
    const dead = { pid: deadPid(), start: null }
    lockFolder(folder, dead)
    expect(folderHolder(folder)).toEqual(dead)
    const lock = lockFolder(folder)
    expect(folderHolder(folder)).toEqual(thisProcess())
    expect(lockFiles()).toHaveLength(1)
    lock.release()
  })

  it('takes over a lock whose pid now belongs to another process (a different start time)', () => {
    const me = thisProcess()
    expect(me.start, 'this machine tells process start times (/proc)').not.toBeNull()
    lockFolder(folder, { pid: process.pid, start: `${me.start}0` })
    const lock = lockFolder(folder)
    expect(folderHolder(folder)).toEqual(me)
    lock.release()
  })

  it('takes over a lock file that names no holder (emptied by a crash of the machine)', () => {
    writeFileSync(join(folder, 'cash-server.lock.7'), '')
    const lock = lockFolder(folder)
    expect(lockFiles()).toEqual(['cash-server.lock.8'])
    lock.release()
  })

  it('lets only one of two starters that both found the lock stale take it over', () => {
    lockFolder(folder, { pid: deadPid(), start: null })
    let other: FolderLock | undefined
    // The other starter takes over between this one's judgement and its link.
    const racing = () =>
      lockFolder(folder, thisProcess(), {
        beforeLink: () => {
          other ??= lockFolder(folder)
        },
      })
    expect(racing).toThrow(FolderLockedError)
    expect(other).toBeDefined()
    expect(lockFiles()).toEqual(['cash-server.lock.2'])
    other!.release()
  })

  it('backs off a generation it recreated after a newer holder swept it (a starter acting on an old listing)', () => {
    lockFolder(folder, { pid: deadPid(), start: null })
    let newest: FolderLock | undefined
    const slow = () =>
      lockFolder(folder, thisProcess(), {
        beforeLink: () => {
          if (newest) return
          // Meanwhile generation 2 is taken by a process that dies, and 3 by a live one that sweeps 1 and 2.
          lockFolder(folder, { pid: deadPid(), start: null })
          newest = lockFolder(folder)
        },
      })
    expect(slow).toThrow(FolderLockedError)
    expect(lockFiles()).toEqual(['cash-server.lock.3'])
    newest!.release()
  })
})

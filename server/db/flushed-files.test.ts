import { fsyncSync, mkdirSync, mkdtempSync, readlinkSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { connectPglite } from './connect'
import { Worker } from 'node:worker_threads'
import {
  confirmFlushed,
  type FileChange,
  flushConfirmations,
  flushesInOrder,
  flushFolder,
  holdsDatabase,
  onDisk,
  walFlushesLater,
} from './flushed-files'
import { newPglite } from './fresh-cluster'

let folders: string[] = []
const newFolder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'cash-flushed-'))
  folders.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true })
  folders = []
})

describe('commits on disk are flushed before they are answered', () => {
  it('flushes the WAL at each commit of a write, and not for a read', async () => {
    let flushes = 0
    const client = await newPglite(onDisk(join(newFolder(), 'data'), {}, { onFlush: () => flushes++ }))
    try {
      await client.exec('CREATE TABLE money (id integer PRIMARY KEY, amount numeric NOT NULL)')
      const before = flushes
      for (let i = 0; i < 20; i++) await client.query('INSERT INTO money VALUES ($1, 1)', [i])
      // PGlite's own defaults (fsync off, no fsync in its file system) flushed nothing here.
      expect(flushes - before).toBeGreaterThanOrEqual(20)
      const afterWrites = flushes
      for (let i = 0; i < 20; i++) await client.query('SELECT sum(amount) FROM money')
      expect(flushes).toBe(afterWrites)
    } finally {
      await client.close()
    }
  })

  it('refuses the commit whose flush failed, and reports the failure', async () => {
    let failNext = false
    const failures: unknown[] = []
    const flush = (fd: number) => {
      if (failNext) throw Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' })
      fsyncSync(fd)
    }
    const client = await newPglite(onDisk(join(newFolder(), 'data'), {}, { flush, onFailure: (e) => failures.push(e) }))
    await client.exec('CREATE TABLE money (id integer PRIMARY KEY)')
    failNext = true
    // A throw from the file system used to reach PGlite as success: the commit was acknowledged.
    await expect(client.query('INSERT INTO money VALUES (1)')).rejects.toThrow(/could not fsync/)
    expect(failures).toHaveLength(1)
  })

  it('runs the server’s on-disk database with fsync on, flushing the WAL by fsync()', async () => {
    const db = await connectPglite(join(newFolder(), 'data'))
    try {
      const show = async (name: 'fsync' | 'wal_sync_method') =>
        (await sql.raw<Record<string, string>>(`SHOW ${name}`).execute(db.kysely)).rows[0]![name]
      expect(await show('fsync')).toBe('on')
      expect(await show('wal_sync_method')).toBe('fsync')
    } finally {
      await db.close()
    }
  })

  it('flushes a new folder whole once: every file, every folder and its entry in the parent', () => {
    const dir = join(newFolder(), 'data')
    mkdirSync(join(dir, 'base', '1'), { recursive: true })
    writeFileSync(join(dir, 'PG_VERSION'), '17')
    writeFileSync(join(dir, 'base', '1', '1259'), 'pages')
    let flushed = 0
    flushFolder(dir, () => flushed++)
    expect(holdsDatabase(dir)).toBe(true)
    // two files, three folders (data, base, base/1) and the parent holding `data`
    expect(flushed).toBe(6)
  })
})

describe('the WAL’s flushes off the database’s thread', () => {
  const fileOf = (fd: number) => readlinkSync(`/proc/self/fd/${fd}`) // descriptors are reused: names are not

  it('notes a commit’s WAL flush instead of making it, and hands the file out once', async () => {
    const later = walFlushesLater()
    let flushedNow = 0
    const client = await newPglite(onDisk(join(newFolder(), 'data'), {}, { later, onFlush: () => flushedNow++ }))
    try {
      await client.exec('CREATE TABLE money (id integer PRIMARY KEY, amount numeric NOT NULL)')
      later.take()
      const before = flushedNow
      await client.query('INSERT INTO money VALUES (1, 1)')
      // PostgreSQL asked for its flush and went on: nothing was flushed on this thread.
      expect(flushedNow).toBe(before)
      const files = later.take().map(fileOf)
      expect(files).toHaveLength(1)
      expect(files[0]).toMatch(/pg_wal\/[0-9A-F]{24}$/)
      expect(later.take()).toEqual([])
      await client.query('SELECT sum(amount) FROM money')
      expect(later.take()).toEqual([]) // a read asks for no flush
    } finally {
      await client.close()
    }
  })

  it('flushes a WAL file at once when it closes after its flush was handed out', async () => {
    const later = walFlushesLater()
    const flushedNow: string[] = []
    const flush = (fd: number) => {
      flushedNow.push(fileOf(fd))
      fsyncSync(fd)
    }
    const client = await newPglite(onDisk(join(newFolder(), 'data'), {}, { later, flush }))
    try {
      await client.exec('CREATE TABLE money (id integer PRIMARY KEY)')
      await client.query('INSERT INTO money VALUES (1)')
      const [segment] = later.take().map(fileOf) // handed out, and its flush perhaps not yet made
      flushedNow.length = 0
      await client.query('INSERT INTO money VALUES (2)') // noted, not handed out
      expect(flushedNow).not.toContain(segment)
      // A new segment: PostgreSQL closes the one it filled, whose flushes are not known to be done.
      await client.query('SELECT pg_switch_wal()')
      await client.query('INSERT INTO money VALUES (3)')
      expect(flushedNow).toContain(segment)
    } finally {
      await client.close()
    }
  })

  it('writes no data page, and flushes no pg_control, before the WAL flushed for it is on the disk', async () => {
    // What PostgreSQL relies on besides the commit: a dirty page goes out after the WAL up to its changes is flushed,
    // and pg_control (naming the last checkpoint) after the checkpoint's record is. Owed flushes were not made first.
    const later = walFlushesLater()
    const owed = new Set<string>() // WAL files whose flush PostgreSQL asked for, not yet made
    const tracked = {
      ...later,
      owe(fd: number) {
        owed.add(fileOf(fd))
        later.owe(fd)
      },
    }
    const early: string[] = []
    const flush = (fd: number) => {
      const file = fileOf(fd)
      if (file.endsWith('/global/pg_control') && owed.size > 0) early.push(`pg_control flushed before ${[...owed]}`)
      fsyncSync(fd)
      owed.delete(file)
    }
    let written = 0
    const onChange = (change: FileChange) => {
      // A page of zeros (a table made longer) holds no change: nothing to wait for.
      if (change.kind !== 'write' || change.bytes.every((b) => b === 0)) return
      written++
      if (owed.size > 0) early.push(`${fileOf(change.fd)} written before ${[...owed]}`)
    }
    const client = await newPglite(onDisk(join(newFolder(), 'data'), {}, { later: tracked, flush, onChange }))
    try {
      await client.exec('CREATE TABLE money (id integer PRIMARY KEY, note text NOT NULL)')
      for (let i = 0; i < 200; i++) await client.query('INSERT INTO money VALUES ($1, $2)', [i, 'x'.repeat(200)])
      await client.exec('CHECKPOINT')
      await client.query('INSERT INTO money VALUES (1000, $1)', ['after the checkpoint'])
      await client.exec('CHECKPOINT')
      expect(written).toBeGreaterThan(0) // the checkpoints wrote pages
      expect(early).toEqual([])
    } finally {
      await client.close()
    }
  })

  it('truncates, removes or renames no file before the WAL flushed for that change is on the disk', async () => {
    // A committed TRUNCATE or DROP, a table rewritten by ALTER, VACUUM giving back a table's empty end: PostgreSQL
    // flushes the WAL that says so first. Done before it, a power cut could leave a table emptied that its WAL still
    // holds: recovery then finds it empty.
    const later = walFlushesLater()
    const owed = new Set<number>()
    const tracked = {
      ...later,
      owe(fd: number) {
        owed.add(fd)
        later.owe(fd)
      },
    }
    const flush = (fd: number) => {
      fsyncSync(fd)
      owed.delete(fd)
    }
    const seen: string[] = []
    const early: string[] = []
    const onChange = (change: FileChange) => {
      if (change.kind === 'write') return
      seen.push(change.kind)
      if (owed.size > 0) early.push(`${change.kind} while a WAL flush is owed`)
    }
    const client = await newPglite(onDisk(join(newFolder(), 'data'), {}, { later: tracked, flush, onChange }))
    try {
      const fill = `INSERT INTO money SELECT g, repeat('x', 200) FROM generate_series(1, 3000) g`
      await client.exec(`CREATE TABLE money (id integer PRIMARY KEY, note text NOT NULL); ${fill}`)
      await client.exec('TRUNCATE money')
      await client.exec(fill)
      await client.exec('ALTER TABLE money ALTER COLUMN note TYPE varchar(300)')
      await client.exec('DELETE FROM money WHERE id > 10')
      await client.exec('VACUUM money')
      await client.exec('DROP TABLE money')
      expect(seen).toEqual(expect.arrayContaining(['truncate', 'unlink']))
      expect(early).toEqual([])
    } finally {
      await client.close()
    }
  })

  it('waits for the server’s thread to flush what it handed out, and flushes the rest itself', async () => {
    const confirmed = flushConfirmations()
    const later = walFlushesLater(confirmed)
    const flushedHere: number[] = []
    later.owe(41)
    expect(later.take(7)).toEqual([41]) // handed out with answer 7
    later.owe(42) // asked for since, not handed out
    // The server's thread says answer 7 is flushed a moment later, from another thread.
    const server = new Worker(
      `const { workerData } = require('node:worker_threads')
       Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 150)
       Atomics.store(workerData, 0, 7n)
       Atomics.notify(workerData, 0)`,
      { eval: true, workerData: confirmed },
    )
    try {
      later.settle((fd) => flushedHere.push(fd))
      expect(Atomics.load(confirmed, 0)).toBe(7n) // it did not go on before the server's word
      expect(flushedHere).toEqual([42]) // the handed-out file is the server's to flush, not flushed twice
      expect(later.pending()).toBe(false)
    } finally {
      await server.terminate()
    }
    confirmFlushed(confirmed, 8, true) // the server's flush of a later answer failed
    expect(later.pending()).toBe(true) // so nothing more is written: the next page written settles, and fails
    expect(() => later.settle(() => undefined)).toThrow(/could not flush/)
  })

  it('runs on its own thread across new WAL segments and checkpoints, every commit kept', async () => {
    const db = await connectPglite(join(newFolder(), 'data'))
    try {
      await db.execScript('CREATE TABLE money (id integer PRIMARY KEY, note text NOT NULL)')
      for (let i = 0; i < 120; i++) {
        await sql`INSERT INTO money VALUES (${i}, ${'x'.repeat(300)})`.execute(db.kysely)
        if (i % 40 === 39) await db.execScript('SELECT pg_switch_wal(); CHECKPOINT')
      }
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM money`.execute(db.kysely)
      expect(rows[0]!.n).toBe(120)
    } finally {
      await db.close()
    }
  })

  it('lets answers go in order, once their files and all earlier ones are flushed; none after a failure', async () => {
    const flushes: { fds: readonly number[]; done: () => void; fail: (error: Error) => void }[] = []
    const inOrder = flushesInOrder(
      (fds) => new Promise<void>((done, fail) => flushes.push({ fds, done: () => done(), fail })),
    )
    const letGo: number[] = []
    const answer = (id: number, fds?: number[]) =>
      inOrder(fds).then(
        () => letGo.push(id),
        () => letGo.push(-id),
      )
    const turn = () => new Promise((resolve) => setImmediate(resolve))
    void answer(1) // a read before any commit: let go at once
    await turn()
    expect(letGo).toEqual([1])
    void answer(2, [7]) // a commit: its WAL file is being flushed
    void answer(3) // ran after it (it may have read what the commit wrote): waits for it
    await turn()
    expect(letGo).toEqual([1])
    expect(flushes.map((f) => f.fds)).toEqual([[7]])
    flushes[0]!.done()
    await turn()
    expect(letGo).toEqual([1, 2, 3])
    void answer(4, [7])
    void answer(5)
    await turn()
    flushes[1]!.fail(Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' }))
    void answer(6)
    await turn()
    expect(letGo).toEqual([1, 2, 3, -4, -5, -6])
  })
})

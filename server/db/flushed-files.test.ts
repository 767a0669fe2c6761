import { fsyncSync, mkdirSync, mkdtempSync, readlinkSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { connectPglite } from './connect'
import { flushFolder, holdsDatabase, onDisk, walFlushesLater } from './flushed-files'

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
    const client = new PGlite(onDisk(join(newFolder(), 'data'), {}, { onFlush: () => flushes++ }))
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
    const client = new PGlite(onDisk(join(newFolder(), 'data'), {}, { flush, onFailure: (e) => failures.push(e) }))
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
  /** A `walFlushesLater` whose flushes wait until the test lets them go (or fail them). */
  function heldFlushes() {
    const started: { fd: number; done: () => void; fail: (e: Error) => void }[] = []
    const later = walFlushesLater(
      (fd) => new Promise<void>((done, fail) => started.push({ fd, done, fail: (e) => fail(e) })),
    )
    return { later, started }
  }

  it('notes a commit’s WAL flush and makes it once drained; the commit’s answer can wait for it', async () => {
    const { later, started } = heldFlushes()
    let flushedNow = 0
    const client = new PGlite(onDisk(join(newFolder(), 'data'), {}, { later, onFlush: () => flushedNow++ }))
    try {
      await client.exec('CREATE TABLE money (id integer PRIMARY KEY, amount numeric NOT NULL)')
      const created = later.drain()
      for (const s of started.splice(0)) s.done()
      await created
      const before = flushedNow
      await client.query('INSERT INTO money VALUES (1, 1)')
      // PostgreSQL asked for its flush and went on: nothing was flushed on this thread.
      expect(flushedNow).toBe(before)
      const durable = later.drain()
      expect(durable).not.toBeNull()
      expect(started.length).toBeGreaterThanOrEqual(1)
      let done = false
      void durable!.then(() => (done = true))
      await new Promise((resolve) => setImmediate(resolve))
      expect(done).toBe(false) // the flush is still under way
      for (const s of started.splice(0)) s.done()
      await durable
      expect(done).toBe(true)
      await client.query('SELECT sum(amount) FROM money')
      expect(later.drain()).toBeNull() // a read asks for no flush
    } finally {
      await client.close()
    }
  })

  it('flushes a WAL file at once when it closes with its flush owed', async () => {
    const { later, started } = heldFlushes()
    const fileOf = (fd: number) => readlinkSync(`/proc/self/fd/${fd}`) // descriptors are reused: names are not
    const flushedNow: string[] = []
    const flush = (fd: number) => {
      flushedNow.push(fileOf(fd))
      fsyncSync(fd)
    }
    const client = new PGlite(onDisk(join(newFolder(), 'data'), {}, { later, flush }))
    try {
      await client.exec('CREATE TABLE money (id integer PRIMARY KEY)')
      await client.query('INSERT INTO money VALUES (1)')
      void later.drain() // the WAL segment's flush: under way, and never let go
      const segment = fileOf(started[0]!.fd)
      expect(segment).toMatch(/pg_wal\/[0-9A-F]{24}$/)
      await client.query('INSERT INTO money VALUES (2)') // owed, not drained
      expect(flushedNow).not.toContain(segment)
      // A new segment: PostgreSQL closes the one it filled, whose flushes are owed and under way.
      await client.query('SELECT pg_switch_wal()')
      await client.query('INSERT INTO money VALUES (3)')
      expect(flushedNow).toContain(segment)
    } finally {
      await client.close()
    }
  })

  it('refuses every commit after a flush that failed off the thread', async () => {
    const { later, started } = heldFlushes()
    const client = new PGlite(onDisk(join(newFolder(), 'data'), {}, { later }))
    await client.exec('CREATE TABLE money (id integer PRIMARY KEY)')
    const durable = later.drain()!
    for (const s of started.splice(0)) s.fail(Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' }))
    await expect(durable).rejects.toThrow(/EIO/)
    expect(later.failed).toBe(true)
    await expect(client.query('INSERT INTO money VALUES (1)')).rejects.toThrow(/could not fsync/)
  })
})

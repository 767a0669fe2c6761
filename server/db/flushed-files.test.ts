import { fsyncSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { connectPglite } from './connect'
import { flushFolder, holdsDatabase, onDisk } from './flushed-files'

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

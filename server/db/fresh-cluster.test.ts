import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { onDisk } from './flushed-files'
import { freshClusterTemplate, newPglite } from './fresh-cluster'

const folders: string[] = []
const newFolder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'cash-fresh-'))
  folders.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true })
})
const kept = (dir: string) => readdirSync(dir).filter((n) => !n.startsWith('.'))

// One initdb for the whole file (3.5 s of CPU): the first test's, kept here, and what the others start from.
const templates = newFolder()

describe('a new PGlite database starts as a copy of a new one', () => {
  it('keeps the first new database before any statement, and starts the next from it, empty and whole', async () => {
    const first = await newPglite({}, templates)
    await first.exec('CREATE TABLE left_behind (n integer)')
    await first.close()
    expect(kept(templates)).toHaveLength(1)
    const copy = await newPglite({}, templates)
    try {
      // Nothing the first database did after it was created is in the copy; PostgreSQL's own catalog is.
      expect((await copy.query("SELECT to_regclass('left_behind') AS t")).rows).toEqual([{ t: null }])
      expect((await copy.query('SELECT current_database() AS d')).rows).toEqual([{ d: 'postgres' }])
      await copy.exec('CREATE TABLE money (id integer PRIMARY KEY, amount numeric NOT NULL)')
      await copy.query('INSERT INTO money VALUES (1, 10.5)')
      expect((await copy.query('SELECT amount::text AS a FROM money')).rows).toEqual([{ a: '10.5' }])
    } finally {
      await copy.close()
    }
    expect(kept(templates)).toHaveLength(1) // one copy, not one per database
  })

  it('starts a new folder on disk from the copy; what was committed there is there when it opens again', async () => {
    const dataDir = join(newFolder(), 'data')
    const db = await newPglite(onDisk(dataDir), templates)
    await db.exec('CREATE TABLE money (id integer PRIMARY KEY); INSERT INTO money VALUES (7)')
    await db.close()
    const again = await newPglite(onDisk(dataDir), templates)
    try {
      expect((await again.query('SELECT id FROM money')).rows).toEqual([{ id: 7 }])
      expect((await again.query("SELECT to_regclass('left_behind') AS t")).rows).toEqual([{ t: null }])
    } finally {
      await again.close()
    }
    expect(kept(templates)).toHaveLength(1) // an existing folder opens as it is and keeps nothing
  })

  it('never keeps a folder on disk, which holds files of ours (a server lock, the data key), as the copy', async () => {
    const own = newFolder()
    const dataDir = join(newFolder(), 'data')
    // What a server's folder holds beside PostgreSQL's files before its database is created.
    mkdirSync(dataDir, { recursive: true })
    writeFileSync(join(dataDir, 'cash-server.lock.1'), JSON.stringify({ pid: process.pid, start: null }))
    writeFileSync(join(dataDir, 'data-key'), 'not to be copied')
    await (await newPglite(onDisk(dataDir), own)).close()
    expect(kept(own)).toEqual([])
    // And a new folder made from the copy holds PostgreSQL's files alone.
    const fresh = join(newFolder(), 'data')
    await (await newPglite(onDisk(fresh), templates)).close()
    expect(readdirSync(fresh).filter((n) => n.startsWith('cash-') || n === 'data-key')).toEqual([])
  })

  it('throws away a copy whose bytes do not match its name', () => {
    const [name] = kept(templates)
    const damaged = newFolder()
    copyFileSync(join(templates, name!), join(damaged, name!))
    expect(freshClusterTemplate(damaged)).toBeInstanceOf(Blob)
    writeFileSync(join(damaged, name!), readFileSync(join(damaged, name!)).subarray(0, 1000)) // cut short
    expect(freshClusterTemplate(damaged)).toBeUndefined()
    expect(kept(damaged)).toEqual([])
    expect(freshClusterTemplate(newFolder())).toBeUndefined() // none kept yet: initdb
  })
})

import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { inProcess, pgliteParsers, wrapPglite } from './connect'
import { onDisk } from './flushed-files'
import { freshClusterTemplate, newPglite } from './fresh-cluster'
import { migrate, migrationFiles, onlySchema } from './migrate'

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

describe('a new database may start as a copy of one migrated by these migrations', () => {
  /** A folder holding the initdb copy the first test kept (no initdb here), and nothing else. */
  const withInitdbCopy = () => {
    const dir = newFolder()
    for (const name of kept(templates)) copyFileSync(join(templates, name), join(dir, name))
    return dir
  }
  const open = async (dir: string, options = {}, migrated = false) =>
    wrapPglite(inProcess(await newPglite({ ...options, parsers: pgliteParsers }, dir, { migrated })))
  const migratedCopies = (dir: string) => kept(dir).filter((n) => n.startsWith('memory-migrated-'))

  it('keeps one migrated from nothing in memory; the next, in memory or in a new folder, starts migrated', async () => {
    const dir = withInitdbCopy()
    // A copy kept for other migrations (an older checkout's): replaced by the new one.
    const version = /^memory-initdb-(.+)-[0-9a-f]{64}\.tar\.gz$/.exec(kept(templates)[0]!)![1]
    const older = `memory-migrated-${version}-0000000000000000-${'0'.repeat(64)}.tar.gz`
    writeFileSync(join(dir, older), 'older migrations')
    const first = Object.assign(await open(dir), { memory: true as const })
    expect(await migrate(first, dir)).toEqual(migrationFiles().map((m) => m.version))
    await first.close()
    expect(migratedCopies(dir)).toHaveLength(1)
    expect(migratedCopies(dir)).not.toContain(older)

    const before = Date.now()
    for (const options of [{}, onDisk(join(newFolder(), 'data'))]) {
      const db = await open(dir, options, true)
      expect(await migrate(db, dir)).toEqual([])
      expect(await onlySchema(db)).toBe(true)
      // Its record of the migrations says they were applied when this database was made, not when the copy was.
      const { rows } = await sql<{ oldest: Date }>`SELECT min(applied_at) AS oldest FROM schema_migrations`.execute(
        db.kysely,
      )
      expect(rows[0]!.oldest.getTime()).toBeGreaterThanOrEqual(before - 1000)
      await db.close()
    }
  })

  it('keeps none from a folder on disk, and the migrations themselves leave every table empty', async () => {
    const dir = withInitdbCopy()
    const onFolder = await open(dir, onDisk(join(newFolder(), 'data')))
    expect(await migrate(onFolder, dir)).toHaveLength(migrationFiles().length)
    expect(migratedCopies(dir)).toEqual([])
    // What keeps a copy holding nothing of any install: a migration that writes rows stops copies being kept.
    expect(await onlySchema(onFolder)).toBe(true)
    await sql`INSERT INTO install_secrets (name, value) VALUES ('webhook', 'secret')`.execute(onFolder.kysely)
    expect(await onlySchema(onFolder)).toBe(false)
    await onFolder.close()
  })
})

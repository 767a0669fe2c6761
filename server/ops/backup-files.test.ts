import { existsSync, fstatSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { writeWhole } from './backup'

const dir = mkdtempSync(join(tmpdir(), 'cash-backup-files-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

it('a backup is on the disk before it carries its name, and its name is on the disk after', () => {
  const file = join(dir, 'cash-pglite-2026-11-27T00-00-00.000Z.tar.gz')
  const bytes = new Uint8Array(300_000).fill(7)
  const flushed: { folder: boolean; size: number; named: boolean }[] = []
  writeWhole(file, bytes, (fd) => {
    const stat = fstatSync(fd)
    flushed.push({ folder: stat.isDirectory(), size: stat.isDirectory() ? 0 : stat.size, named: existsSync(file) })
  })
  expect(flushed).toEqual([
    { folder: false, size: bytes.length, named: false }, // the whole file, still under its partial name
    { folder: true, size: 0, named: true }, // then the folder, holding the final name
  ])
  expect(readFileSync(file).equals(Buffer.from(bytes))).toBe(true)
  expect(existsSync(`${file}.partial`)).toBe(false)
})

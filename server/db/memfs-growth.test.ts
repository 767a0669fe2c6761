import type { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { growFilesInPlace } from './memfs-growth'
import { newPglite } from './fresh-cluster'

type FileNode = { contents: Uint8Array; usedBytes: number }
type Stream = { node: FileNode }
type Fs = {
  open(path: string, flags: string): Stream
  write(stream: Stream, data: Uint8Array, offset: number, length: number, position: number): number
  close(stream: Stream): void
  readFile(path: string): Uint8Array
}

let client: PGlite
let fs: Fs
beforeAll(async () => {
  client = await newPglite()
  fs = (client as unknown as { mod: { FS: Fs } }).mod.FS
})
afterAll(() => client.close())

/**
 * Appends 24 chunks of 1 MB to a file of the in-memory file system, as a growing table does, and counts how often
 * its bytes moved to a new buffer: each move is a copy of the whole file on the database's thread.
 */
function growFile(fs: Fs, path: string) {
  const stream = fs.open(path, 'w+')
  let moves = 0
  let buffer: ArrayBufferLike | undefined
  for (let i = 0; i < 24; i++) {
    fs.write(stream, new Uint8Array(1 << 20).fill(i + 1), 0, 1 << 20, i << 20)
    if (stream.node.usedBytes > 1 << 20 && stream.node.contents.buffer !== buffer) {
      if (buffer) moves++
      buffer = stream.node.contents.buffer
    }
  }
  fs.close(stream)
  const bytes = fs.readFile(path)
  return { moves, size: bytes.length, eachChunk: Array.from({ length: 24 }, (_, i) => bytes[(i << 20) + 12_345]) }
}

describe('in-memory PGlite files', () => {
  it('grow in place past 1 MB instead of being copied whole again and again, and keep every byte', () => {
    const chunks = Array.from({ length: 24 }, (_, i) => i + 1)
    // MEMFS's own rule first, for contrast: the file is copied whole at most of its steps.
    const memfs = growFile(fs, '/tmp/copied')
    expect(memfs).toMatchObject({ size: 24 << 20, eachChunk: chunks })
    expect(memfs.moves).toBeGreaterThan(10)
    growFilesInPlace(client)
    expect(growFile(fs, '/tmp/grows-in-place')).toEqual({ moves: 0, size: 24 << 20, eachChunk: chunks })
  })

  it('serve a database whose table outgrows 1 MB', async () => {
    await client.exec('CREATE TABLE t (n integer NOT NULL, pad text NOT NULL)')
    await client.exec("INSERT INTO t SELECT i, repeat('x', 900) FROM generate_series(1, 4000) i")
    await client.exec('CHECKPOINT') // the table's pages written to its file
    const { rows } = await client.query<{ bytes: number; n: number; total: number }>(
      "SELECT pg_relation_size('t')::int AS bytes, count(*)::int AS n, sum(n)::int AS total FROM t",
    )
    expect(rows[0]!.bytes).toBeGreaterThan(2 << 20)
    expect(rows[0]).toMatchObject({ n: 4000, total: (4000 * 4001) / 2 })
  })
})

import type { PGlite } from '@electric-sql/pglite'

/**
 * How an in-memory PGlite grows its files. Its file system (Emscripten's MEMFS) keeps each file in one
 * Uint8Array and, when a write runs past its end, copies the whole file into a new array 12.5 % larger. A table
 * or index that grows under load is copied again and again on the database's one thread: a card bench in memory
 * copied 144 MB in 222 copies, 27 of them over 2 ms, each one a pause every request waiting on that thread shares.
 *
 * Past 1 MB a file here lives in a resizable ArrayBuffer instead, which grows in place (the address space is
 * reserved once, pages are given as they are written), so it is copied at most twice: into its first resizable
 * buffer, and into a larger one if it outgrows 64 MB (a relation's segment stops at 1 GB). Below 1 MB, where a copy
 * costs nothing, MEMFS's own rule stays.
 */
type MemNode = { contents: Uint8Array | null; usedBytes: number }
type Memfs = { expandFileStorage(node: MemNode, capacity: number): void; cashGrowsInPlace?: true }

/** Node 20 has resizable ArrayBuffers (ES2024); the project's type library is ES2023. */
type Resizable = ArrayBuffer & { resizable: boolean; maxByteLength: number; resize(length: number): void }
const ResizableBuffer = ArrayBuffer as unknown as new (length: number, options: { maxByteLength: number }) => Resizable

const SMALL = 1 << 20
const FIRST_RESERVATION = 64 << 20
const SEGMENT = 1 << 30

/** Makes `client`'s in-memory files grow in place; a no-op for a PGlite whose files are on disk or already set. */
export function growFilesInPlace(client: PGlite): void {
  const memfs = (client as unknown as { mod?: { MEMFS?: Memfs } }).mod?.MEMFS
  if (!memfs || memfs.cashGrowsInPlace) return
  const memfsRule = memfs.expandFileStorage.bind(memfs)
  memfs.expandFileStorage = (node, capacity) => {
    const contents = node.contents
    const current = contents?.length ?? 0
    if (current >= capacity) return
    if (capacity < SMALL) return memfsRule(node, capacity)
    const wanted = Math.max(capacity, Math.floor(current * 1.125))
    const buffer = contents?.buffer as Resizable | undefined
    if (buffer?.resizable && contents!.byteOffset === 0 && wanted <= buffer.maxByteLength) {
      buffer.resize(wanted) // the array tracks its buffer's length
      return
    }
    const reserve = wanted <= FIRST_RESERVATION ? FIRST_RESERVATION : Math.max(SEGMENT + SMALL, wanted)
    const grown = new Uint8Array(new ResizableBuffer(wanted, { maxByteLength: reserve }))
    if (contents) grown.set(contents.subarray(0, node.usedBytes))
    node.contents = grown
  }
  memfs.cashGrowsInPlace = true
}

import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { staleBecause } from './build-if-stale'

const root = mkdtempSync(join(tmpdir(), 'cash-build-if-stale-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

const write = (path: string, at: number) => {
  mkdirSync(dirname(join(root, path)), { recursive: true })
  writeFileSync(join(root, path), 'x')
  utimesSync(join(root, path), at, at)
}

it(
  'npm start builds when there is no build (pages or server), serves a build ' +
    'newer than its sources, and builds again after a change',
  () => {
    write('embeds/home/home-embed.tsx', 1000)
    write('domain/money.ts', 1000)
    write('vite.config.ts', 1000)
    for (const dir of ['embeds/home', 'embeds', 'domain']) utimesSync(join(root, dir), 1000, 1000)
    expect(staleBecause(root)).toMatch(/^no build yet \(dist\/host\/index.html is missing\)/)

    write('dist/host/index.html', 2000)
    write('dist/server/server-render.js', 2000)
    expect(staleBecause(root)).toMatch(/dist\/server\/shell-render.js is missing/)
    write('dist/server/shell-render.js', 2000)
    expect(staleBecause(root)).toMatch(/dist-node\/main.mjs is missing/)
    write('dist-node/main.mjs', 2000)
    expect(staleBecause(root)).toBeNull()

    write('domain/money.ts', 3000)
    expect(staleBecause(root)).toBe('domain changed since the last build')
    write('dist-node/main.mjs', 4000)
    for (const file of ['dist/host/index.html', 'dist/server/server-render.js', 'dist/server/shell-render.js'])
      write(file, 4000)
    expect(staleBecause(root)).toBeNull()
    // The server is built too: a change to it alone makes the build stale.
    write('server/main.ts', 5000)
    expect(staleBecause(root)).toBe('server changed since the last build')
  },
)

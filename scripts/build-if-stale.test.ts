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
  'npm start builds when there is no build, serves a build ' +
    'newer than its sources, and builds again after a change',
  () => {
    write('embeds/home/home-embed.tsx', 1000)
    write('domain/money.ts', 1000)
    write('vite.config.ts', 1000)
    write('server/main.ts', 1000)
    for (const dir of ['embeds/home', 'embeds', 'domain', 'server']) utimesSync(join(root, dir), 1000, 1000)
    expect(staleBecause(root)).toMatch(/^no build yet \(dist\/host\/index.html is missing\)/)
    expect(staleBecause(root, 'server')).toMatch(/^no build yet \(dist-node\/main.mjs is missing\)/)

    write('dist/host/index.html', 2000)
    write('dist/server/server-render.js', 2000)
    expect(staleBecause(root)).toMatch(/dist\/server\/shell-render.js is missing/)
    write('dist/server/shell-render.js', 2000)
    write('dist-node/main.mjs', 2000)
    expect(staleBecause(root)).toBeNull()
    expect(staleBecause(root, 'server')).toBeNull()

    // A change to the shared code: both builds are stale.
    write('domain/money.ts', 3000)
    expect(staleBecause(root)).toBe('domain changed since the last build')
    expect(staleBecause(root, 'server')).toBe('domain changed since the last build')
    for (const file of ['dist/host/index.html', 'dist/server/server-render.js', 'dist/server/shell-render.js'])
      write(file, 4000)
    write('dist-node/main.mjs', 4000)

    // A change to the server alone: its bundle is stale, the pages are not (no minute of page building).
    write('server/main.ts', 5000)
    utimesSync(join(root, 'server'), 5000, 5000)
    expect(staleBecause(root)).toBeNull()
    expect(staleBecause(root, 'server')).toBe('server changed since the last build')
  },
)

/**
 * `npm start`'s first step: builds the pages only when their build is missing or older than what it is built from,
 * so a second start serves at once (a full build is about a minute on the 2-core machine); when only the server
 * changed, it bundles the server alone. `npm run build` always
 * builds; production runs that once and starts with `npm run serve`, which never builds.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { buildServer } from './build-server'

const ROOT = resolve(import.meta.dirname, '..')
/** What each build reads (its code, the code it shares, its settings) and what it makes. */
const BUILDS = {
  /** `vite build` and `vite build --ssr`: the client pages and the server's renderers. */
  pages: {
    sources: [
      'embeds',
      'host',
      'bridge',
      'domain',
      'vite.config.ts',
      'package.json',
      'package-lock.json',
      'tsconfig.json',
    ],
    outputs: ['dist/host/index.html', 'dist/server/server-render.js', 'dist/server/shell-render.js'],
  },
  /** scripts/build-server.ts: the server's bundle, about 0.2 s. */
  server: {
    sources: ['server', 'domain', 'scripts/build-server.ts', 'package.json', 'package-lock.json', 'tsconfig.json'],
    outputs: ['dist-node/main.mjs'],
  },
} as const
type Build = keyof typeof BUILDS

const newest = (path: string): number => {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), stat.mtimeMs)
}

/** Why a build (the pages, or the server's bundle) must be made again, or null when it is current. */
export function staleBecause(root = ROOT, build: Build = 'pages'): string | null {
  const outputs = BUILDS[build].outputs.map((file) => join(root, file))
  const missing = outputs.find((file) => !existsSync(file))
  if (missing) return `no build yet (${missing.slice(root.length + 1)} is missing)`
  const built = Math.min(...outputs.map((file) => statSync(file).mtimeMs))
  const changed = BUILDS[build].sources
    .map((source) => join(root, source))
    .find((source) => existsSync(source) && newest(source) > built)
  return changed ? `${changed.slice(root.length + 1)} changed since the last build` : null
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const pages = staleBecause(ROOT, 'pages')
  const server = staleBecause(ROOT, 'server')
  if (pages) {
    console.log(`[cash] building the pages and the server: ${pages}`)
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
  } else if (server) {
    // Only the server changed: its bundle alone, not the minute of the pages' build.
    console.log(`[cash] bundling the server: ${server}`)
    await buildServer()
  } else console.log('[cash] the pages and the server are built and current: serving them')
}

/**
 * `npm start`'s first step: builds the pages only when the build is missing or older than what it is built from,
 * so a second start serves at once (a full build is about a minute on the 2-core machine). `npm run build` always
 * builds; production runs that once and starts with `npm run serve`, which never builds.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'

const ROOT = resolve(import.meta.dirname, '..')
/** What `npm run build` reads: the server, the pages, the code they share, and the builds' own settings. */
const SOURCES = [
  'server',
  'embeds',
  'host',
  'bridge',
  'domain',
  'vite.config.ts',
  'scripts/build-server.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
]
/**
 * The client build's shell page, the server build's renderers and the server's bundle: the oldest of them is when
 * the build was made.
 */
const OUTPUTS = [
  'dist/host/index.html',
  'dist/server/server-render.js',
  'dist/server/shell-render.js',
  'dist-node/main.mjs',
]

const newest = (path: string): number => {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), stat.mtimeMs)
}

/** Why the build must be made again, or null when it is current. */
export function staleBecause(root = ROOT): string | null {
  const outputs = OUTPUTS.map((file) => join(root, file))
  const missing = outputs.find((file) => !existsSync(file))
  if (missing) return `no build yet (${missing.slice(root.length + 1)} is missing)`
  const built = Math.min(...outputs.map((file) => statSync(file).mtimeMs))
  const changed = SOURCES.map((source) => join(root, source)).find(
    (source) => existsSync(source) && newest(source) > built,
  )
  return changed ? `${changed.slice(root.length + 1)} changed since the last build` : null
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const reason = staleBecause()
  if (reason) {
    console.log(`[cash] building the pages: ${reason}`)
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
  } else console.log('[cash] the pages are built and current: serving them')
}

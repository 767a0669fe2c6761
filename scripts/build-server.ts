/**
 * The server as the production start runs it: `dist-node/main.mjs`, one ES module bundled from server/main.ts by
 * esbuild (packages stay in node_modules), beside the database thread's entry and the migrations it reads. Not
 * under dist/: the page build empties dist/ while the tests run servers from their bundle.
 *
 * Why a bundle: started through tsx, the server compiled about 400 TypeScript modules on every start, about 1.8 s
 * of CPU of the 7 a start cost (PGlite's own start is most of the rest). Operators restart it after a deploy or a
 * crash, and the tests start it some thirty times a run. `npm run dev` still runs the sources through tsx.
 *
 * `node --import tsx scripts/build-server.ts [outDir]` (default dist-node); about 0.2 s.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { build } from 'esbuild'

const ROOT = resolve(import.meta.dirname, '..')

/** Bundles the server into `outDir`: main.mjs, pglite-thread-boot.mjs (the worker's entry) and migrations/. */
export async function buildServer(outDir = join(ROOT, 'dist-node')): Promise<string> {
  rmSync(outDir, { recursive: true, force: true })
  mkdirSync(outDir, { recursive: true })
  const common = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  } as const
  await Promise.all([
    build({ ...common, entryPoints: [join(ROOT, 'server/main.ts')], outfile: join(outDir, 'main.mjs') }),
    // server/db/pglite-client.ts starts the thread from `./pglite-thread-boot.mjs` beside itself: in the bundle,
    // that is the thread's code itself (the sources' boot file registers tsx first, which a bundle needs not).
    build({
      ...common,
      entryPoints: [join(ROOT, 'server/database-thread.ts')],
      outfile: join(outDir, 'pglite-thread-boot.mjs'),
    }),
  ])
  // server/db/migrate.ts reads `./migrations` beside itself.
  cpSync(join(ROOT, 'server/db/migrations'), join(outDir, 'migrations'), { recursive: true })
  return outDir
}

let ownBundle: Promise<string> | null = null

/**
 * The entry of a bundle of the current sources made for this process (a test that starts servers): built on
 * first use into .tmp/server-<pid>/ (inside the project, so the bundle finds node_modules) and removed at exit.
 */
export function ownServerEntry(): Promise<string> {
  removeOrphanBundles()
  ownBundle ??= buildServer(join(ROOT, '.tmp', `server-${process.pid}`)).then((dir) => {
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }))
    return join(dir, 'main.mjs')
  })
  return ownBundle
}

/**
 * Bundles left by processes that ended without their exit handlers (Vitest ends its workers so): removed when a
 * process next bundles, and by the server projects' global teardown once the workers are gone.
 */
export function removeOrphanBundles() {
  const tmp = join(ROOT, '.tmp')
  if (!existsSync(tmp)) return
  for (const name of readdirSync(tmp)) {
    const pid = /^server-(\d+)$/.exec(name)?.[1]
    if (pid && !alive(Number(pid))) rmSync(join(tmp, name), { recursive: true, force: true })
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  await buildServer(process.argv[2] ? resolve(process.argv[2]) : undefined)
}

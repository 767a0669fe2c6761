import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve, dirname } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sourceFiles } from './source-files'

/**
 * The import directions of ARCHITECTURE.md, checked on every source file. Written exceptions: server/seed.ts
 * and server/testing/ read fixtures/ (the server's composition root seeds the demo data), as host/testing/ does for
 * the harness's component tests; the QA harness (host/qa-harness.tsx, host/use-qa-host.ts) offers the seeded
 * personas, so it reads fixtures/personas; tests may read fixtures/ and use the test tools.
 */
const ROOT = resolve(import.meta.dirname, '..')
const FOLDERS = ['domain', 'bridge', 'embeds', 'host', 'server', 'fixtures', 'e2e'] as const
type Folder = (typeof FOLDERS)[number]

const ALLOWED: Record<Folder, readonly Folder[]> = {
  domain: [],
  bridge: ['domain'],
  embeds: ['domain', 'bridge'],
  host: ['domain', 'bridge', 'embeds'],
  server: ['domain'],
  fixtures: ['domain'],
  e2e: ['domain', 'bridge', 'embeds', 'host', 'server', 'fixtures'],
}
const EXCEPTIONS: { from: RegExp; to: Folder }[] = [
  { from: /^server\/seed\.ts$/, to: 'fixtures' },
  { from: /^server\/testing\//, to: 'fixtures' },
  { from: /^host\/testing\//, to: 'fixtures' },
  { from: /^host\/(qa-harness\.tsx|use-qa-host\.ts)$/, to: 'fixtures' },
]
/** Packages domain/ may use: pure rules need nothing else. Tests may also use the test tools. */
const DOMAIN_PACKAGES = ['zod', 'viem']
const TEST_PACKAGES = ['vitest', 'fast-check', '@testing-library/']
const isTest = (rel: string) => /\.test\.tsx?$/.test(rel)

function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  return [
    ...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((m) => (m[1] ?? m[2])!)
}

const folderOf = (path: string) => relative(ROOT, path).split('/')[0] as Folder

describe('import directions (ARCHITECTURE.md)', () => {
  const violations: string[] = []
  for (const folder of FOLDERS) {
    for (const file of sourceFiles(join(ROOT, folder))) {
      const rel = relative(ROOT, file)
      for (const spec of imports(file)) {
        if (spec.startsWith('.')) {
          const target = folderOf(resolve(dirname(file), spec))
          if (target === folder || !FOLDERS.includes(target)) continue
          if (ALLOWED[folder].includes(target)) continue
          if (EXCEPTIONS.some((e) => e.from.test(rel) && e.to === target)) continue
          // Fixtures drive tests (ARCHITECTURE.md), so any test may read them.
          if (isTest(rel) && target === 'fixtures') continue
          violations.push(`${rel} imports ${spec} (${folder} → ${target})`)
        } else if (
          folder === 'domain' &&
          ![...DOMAIN_PACKAGES, ...(isTest(rel) ? TEST_PACKAGES : [])].some(
            (p) => spec === p || spec.startsWith(p.endsWith('/') ? p : `${p}/`),
          )
        ) {
          violations.push(`${rel} imports package ${spec}: domain/ is pure (zod and viem only)`)
        }
      }
    }
  }

  it('every import points the allowed way', () => {
    expect(violations).toEqual([])
  })

  it('the check sees real imports (it can fail)', () => {
    expect(imports(join(ROOT, 'server/app.ts'))).toContain('../domain/errors')
    expect(imports(join(ROOT, 'host/embed-registry.ts'))).toContain('../embeds/lib/embed-loaders')
  })
})

/**
 * The module files `file` imports by relative path, resolved (`.ts`/`.tsx`, or a folder's index), type imports
 * included.
 */
function localImports(file: string): string[] {
  return imports(file)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => resolve(dirname(file), spec))
    .flatMap((base) =>
      [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]
        .filter((p) => existsSync(p) && statSync(p).isFile())
        .slice(0, 1),
    )
}

/** The import circles among `files`: each strongly connected group of two or more (Tarjan's algorithm). */
function importCircles(files: string[]): string[][] {
  const inScope = new Set(files)
  const edges = new Map(files.map((f) => [f, localImports(f).filter((t) => inScope.has(t))]))
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const circles: string[][] = []
  let next = 0
  const visit = (v: string) => {
    index.set(v, next)
    low.set(v, next++)
    stack.push(v)
    onStack.add(v)
    for (const w of edges.get(v)!) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = []
      let w: string
      do {
        w = stack.pop()!
        onStack.delete(w)
        group.push(relative(ROOT, w))
      } while (w !== v)
      if (group.length > 1) circles.push(group.sort())
    }
  }
  for (const f of files) if (!index.has(f)) visit(f)
  return circles
}

describe('no import circles inside server/ (issue 21)', () => {
  // Type imports count: two modules that need each other's types are one idea split in two.
  it('no module of server/ reaches itself through its imports', () => {
    expect(importCircles(sourceFiles(join(ROOT, 'server')).filter((f) => !isTest(relative(ROOT, f))))).toEqual([])
  })

  it('the check finds a circle, type imports included (it can fail)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'circles-'))
    try {
      writeFileSync(join(dir, 'tx.ts'), "import { JOB } from './jobs'\nexport type Tx = { job: typeof JOB }\n")
      writeFileSync(
        join(dir, 'jobs.ts'),
        "import type { Tx } from './tx'\nexport const JOB = 'x'\nexport const run = (tx: Tx) => tx\n",
      )
      writeFileSync(join(dir, 'alone.ts'), "import { JOB } from './jobs'\nexport const a = JOB\n")
      const circles = importCircles(['tx.ts', 'jobs.ts', 'alone.ts'].map((f) => join(dir, f)))
      expect(circles.map((c) => c.map((f) => f.split('/').pop()))).toEqual([['jobs.ts', 'tx.ts']])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

/**
 * Layers inside server/: the platform the features build on (the database and its transactions, HTTP mounting,
 * security, mail, monitoring, the job queue, the price book, the audit log, feature flags, the sandbox providers'
 * webhook outbox, logging, settings) imports no feature; the composition roots (app.ts, main.ts, dev.ts, seed.ts,
 * job-handlers.ts, ledger-followers.ts, testing/) wire features to it. Each part of the platform is a folder of its
 * own directly under server/ (audit/, flags/, outbox/ like db/ and jobs/), not a server/platform/ with subfolders:
 * the platform was already those folders, and one rule for all of them keeps this list the one place that says
 * what the platform is.
 */
const PLATFORM = [
  'db',
  'http',
  'security',
  'mail',
  'monitoring',
  'jobs',
  'prices',
  'audit',
  'flags',
  'outbox',
  'log.ts',
  'config.ts',
]
const platformPart = (rel: string) => {
  const part = rel.split('/')[1]!
  return PLATFORM.includes(part) ? part : null
}
/** Each import of a feature by the platform among `files`, as `from -> to`, paths relative to `root`. */
function upwardImports(root: string, files: string[]): string[] {
  return files.flatMap((file) => {
    const from = relative(root, file)
    if (!platformPart(from)) return []
    return localImports(file)
      .map((target) => relative(root, target))
      .filter((to) => to.startsWith('server/') && !platformPart(to))
      .map((to) => `${from} -> ${to}`)
  })
}

describe('inside server/, the platform imports no feature (issue 21)', () => {
  it('no module of the platform imports a feature; the composition roots hand the platform what it needs', () => {
    expect(upwardImports(ROOT, sourceFiles(join(ROOT, 'server'), { withTests: false }))).toEqual([])
  })

  it('the check finds a platform module importing a feature, a type import included (it can fail)', () => {
    const root = mkdtempSync(join(tmpdir(), 'layers-'))
    try {
      for (const dir of ['server/db', 'server/cards']) mkdirSync(join(root, dir), { recursive: true })
      writeFileSync(join(root, 'server/cards/card.ts'), 'export type Card = { id: string }\n')
      writeFileSync(join(root, 'server/db/pool.ts'), "import type { Card } from '../cards/card'\nexport let c: Card\n")
      writeFileSync(join(root, 'server/cards/uses-db.ts'), "import { c } from '../db/pool'\nexport const d = c\n")
      const files = ['server/db/pool.ts', 'server/cards/card.ts', 'server/cards/uses-db.ts'].map((f) => join(root, f))
      expect(upwardImports(root, files)).toEqual(['server/db/pool.ts -> server/cards/card.ts'])
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})

/**
 * The ledger is the book every money feature posts to, and sits between them and the platform: it imports the
 * platform and nothing of a feature, save what LEDGER_MAY_IMPORT writes down (nothing). A feature that follows
 * postings (alert checks) subscribes through server/ledger/posting-followers.ts, which the composition roots set
 * (server/ledger-followers.ts), instead of the ledger calling it.
 */
const LEDGER_MAY_IMPORT: string[] = []
/** Each import of a feature by the ledger among `files`, as `from -> to`, paths relative to `root`. */
function ledgerFeatureImports(root: string, files: string[]): string[] {
  return files.flatMap((file) => {
    const from = relative(root, file)
    if (!from.startsWith('server/ledger/')) return []
    return localImports(file)
      .map((target) => relative(root, target))
      .filter((to) => to.startsWith('server/') && !to.startsWith('server/ledger/') && !platformPart(to))
      .filter((to) => !LEDGER_MAY_IMPORT.includes(to))
      .map((to) => `${from} -> ${to}`)
  })
}

describe('the ledger imports no feature (issue 21)', () => {
  it('no module of server/ledger imports a feature; alerts follow postings through its follower', () => {
    expect(ledgerFeatureImports(ROOT, sourceFiles(join(ROOT, 'server'), { withTests: false }))).toEqual([])
  })

  it('the check finds the ledger importing a feature, and lets it use the platform (it can fail)', () => {
    const root = mkdtempSync(join(tmpdir(), 'ledger-'))
    try {
      for (const dir of ['server/db', 'server/ledger', 'server/alerts']) mkdirSync(join(root, dir), { recursive: true })
      writeFileSync(join(root, 'server/db/connect.ts'), 'export type Tx = { id: string }\n')
      writeFileSync(join(root, 'server/alerts/checks.ts'), "export const JOB = 'alerts.evaluate'\n")
      writeFileSync(
        join(root, 'server/ledger/post.ts'),
        "import type { Tx } from '../db/connect'\nimport { JOB } from '../alerts/checks'\n" +
          'export const p = (t: Tx) => [t, JOB]\n',
      )
      const files = ['server/db/connect.ts', 'server/alerts/checks.ts', 'server/ledger/post.ts'].map((f) =>
        join(root, f),
      )
      expect(ledgerFeatureImports(root, files)).toEqual(['server/ledger/post.ts -> server/alerts/checks.ts'])
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})

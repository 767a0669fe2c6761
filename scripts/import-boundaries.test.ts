import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve, dirname } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The import directions of ARCHITECTURE.md, checked on every source file. Written exceptions: server/seed.ts
 * and server/testing/ read fixtures/ (the server's composition root seeds the demo data); the QA harness
 * (host/qa-harness.tsx, host/use-qa-host.ts) offers the seeded personas, so it reads fixtures/personas; tests may
 * read fixtures/ and use the test tools.
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
  { from: /^host\/(qa-harness\.tsx|use-qa-host\.ts)$/, to: 'fixtures' },
]
/** Packages domain/ may use: pure rules need nothing else. Tests may also use the test tools. */
const DOMAIN_PACKAGES = ['zod', 'viem']
const TEST_PACKAGES = ['vitest', 'fast-check', '@testing-library/']
const isTest = (rel: string) => /\.test\.tsx?$/.test(rel)

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path)
    return /\.(ts|tsx)$/.test(name) ? [path] : []
  })
}

function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => (m[1] ?? m[2])!)
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
        } else if (folder === 'domain' && ![...DOMAIN_PACKAGES, ...(isTest(rel) ? TEST_PACKAGES : [])].some((p) => spec === p || spec.startsWith(p.endsWith('/') ? p : `${p}/`))) {
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

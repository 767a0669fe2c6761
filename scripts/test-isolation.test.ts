import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { expect, it } from 'vitest'

/**
 * The Node test projects run without module isolation (vitest.config.ts): a worker keeps its modules, and its
 * database, from one file to the next. That is only sound while no test file replaces a module or a global,
 * which would leak into the files after it. This keeps it so; a test that needs a mock belongs in a project
 * with isolation (or takes the dependency as a parameter, as the server's `Deps` do).
 */
const ROOT = resolve(import.meta.dirname, '..')
const SHARED = ['domain', 'bridge', 'server', 'fixtures', 'scripts']
const LEAKS = new RegExp(
  /\bvi\.(mock|doMock|unmock|stubGlobal|stubEnv|useFakeTimers|spyOn|setSystemTime)\b/.source +
    /|\bprocess\.env\.\w+\s*=(?!=)|\bglobalThis\.\w+\s*=(?!=)/.source,
)

/** The dom project (jsdom) also runs without isolation: a page test may stub, but puts back what it stubbed. */
const DOM = ['embeds', 'host']
const RESTORES: [RegExp, RegExp][] = [
  [/\bvi\.stubGlobal\(/, /\bvi\.unstubAllGlobals\(/],
  [/\bvi\.stubEnv\(/, /\bvi\.unstubAllEnvs\(/],
  [/\bvi\.(useFakeTimers|setSystemTime)\(/, /\bvi\.useRealTimers\(/],
  [/\bvi\.spyOn\(/, /\bvi\.restoreAllMocks\(|\.mockRestore\(/],
]

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : testFiles(path)
    return /\.test\.tsx?$/.test(name) ? [path] : []
  })
}

it('no test file of the non-isolated projects mocks a module or patches a global', () => {
  const files = SHARED.flatMap((dir) => testFiles(join(ROOT, dir)))
  expect(files.length).toBeGreaterThan(50)
  const offenders = files
    .filter((f) => !f.endsWith('test-isolation.test.ts') && LEAKS.test(readFileSync(f, 'utf8')))
    .map((f) => relative(ROOT, f))
  expect(offenders).toEqual([])
})

it('a page test that stubs a global, the environment or the clock puts it back after each test', () => {
  const files = DOM.flatMap((dir) => testFiles(join(ROOT, dir)))
  expect(files.length).toBeGreaterThan(10)
  const offenders = files.flatMap((f) => {
    const text = readFileSync(f, 'utf8')
    return RESTORES.filter(([stub, restore]) => stub.test(text) && !(/afterEach/.test(text) && restore.test(text))).map(
      ([stub]) => `${relative(ROOT, f)}: ${stub.source}`,
    )
  })
  expect(offenders).toEqual([])
})

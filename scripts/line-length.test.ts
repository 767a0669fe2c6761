import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * No line of code over 120 characters. Biome formats to 120 columns (biome.json) but neither splits a string nor
 * rewraps a comment, so a long message, test title or comment line could still run past it: this names each one,
 * as `file:line (length)`, in every .ts, .tsx, .mjs and .js file git tracks. A long string becomes a `+`
 * concatenation of pieces ('first part ' + 'second part'), a long comment a paragraph wrapped at 120.
 */
const ROOT = resolve(import.meta.dirname, '..')
const MAX = 120

/** The tracked source files, as paths from the repository root. */
function trackedSources(): string[] {
  return execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.mjs', '*.js'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
}

/** Each line of `text` longer than MAX characters (code points, as an editor counts them), as `line (length)`. */
function longLines(text: string): string[] {
  return text.split('\n').flatMap((line, i) => {
    const length = [...line.replace(/\r$/, '')].length
    return length > MAX ? [`${i + 1} (${length})`] : []
  })
}

describe('no line over 120 characters (biome.json lineWidth)', () => {
  it('no tracked .ts, .tsx, .mjs or .js file has a line over 120 characters', () => {
    const found = trackedSources().flatMap((file) =>
      longLines(readFileSync(join(ROOT, file), 'utf8')).map((hit) => `${file}:${hit}`),
    )
    expect(found).toEqual([])
  })

  it('the check names each line over 120 by its number and lets one of exactly 120 pass', () => {
    const text = ['short', 'x'.repeat(120), 'y'.repeat(121), '', `// ${'z'.repeat(130)}`].join('\n')
    expect(longLines(text)).toEqual(['3 (121)', '5 (133)'])
  })

  it('counts characters, not bytes or UTF-16 units, and ignores a Windows line ending', () => {
    expect(longLines(`${'é'.repeat(120)}\n${'💳'.repeat(120)}\n${'a'.repeat(120)}\r`)).toEqual([])
    expect(longLines('é'.repeat(121))).toEqual(['1 (121)'])
  })

  it('reads the real tracked sources (the Vitest config and the date-format check among them), code files only', () => {
    const files = trackedSources()
    expect(files).toContain('vitest.config.ts')
    expect(files).toContain('scripts/one-date-format.test.ts')
    expect(files.every((f) => /\.(ts|tsx|mjs|js)$/.test(f))).toBe(true)
  })
})

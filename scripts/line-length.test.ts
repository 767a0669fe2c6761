import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * No line over 120 characters, in every file written by hand that git tracks: code (.ts, .tsx, .mjs, .js), SQL
 * migrations, shell scripts, CSS, YAML, JSON, HTML and Markdown. Biome formats the code to 120 columns (biome.json)
 * but neither splits a string nor rewraps a comment, and it does not format the others at all: this names each
 * line over, as `file:line (length)`. A long string becomes a `+` concatenation of pieces ('first part ' +
 * 'second part'), a long comment a paragraph wrapped at 120, a long SQL statement or CSS rule continues on the next
 * line at whitespace between tokens. In Markdown, prose is wrapped too; a table row or a line that is only a link
 * cannot be, and may run longer (docs/code-style.md).
 */
const ROOT = resolve(import.meta.dirname, '..')
const MAX = 120
const PATTERNS = ['*.ts', '*.tsx', '*.mjs', '*.js', '*.sql', '*.sh', '*.css', '*.yml', '*.yaml', '*.json', '*.html']
const MARKDOWN = '*.md'

/** Tracked files a program writes, not a person: the file and who writes it. */
const GENERATED: readonly { file: string; by: string }[] = [
  { file: 'package-lock.json', by: 'npm' },
  {
    file: 'docs/bridge-protocol.md',
    by: 'scripts/generate-bridge-docs.ts, from the zod schemas (bridge/protocol-docs.test.ts keeps it current)',
  },
  {
    file: 'docs/bridge-protocol.schema.json',
    by: 'scripts/generate-bridge-docs.ts, from the zod schemas (bridge/protocol-docs.test.ts keeps it current)',
  },
]

/** The tracked files written by hand, as paths from the repository root. */
function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', ...PATTERNS, MARKDOWN], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file && !GENERATED.some((g) => g.file === file))
}

/** A Markdown line that cannot be wrapped: a table row, or a link (or image, or bare address) alone on its line. */
function unwrappable(line: string): boolean {
  const text = line.trim().replace(/^([-*+]|\d+\.)\s+/, '')
  return text.startsWith('|') || /^(!?\[[^\]]*\]\([^)\s]+\)|<?https?:\/\/\S+>?)[.,;:]?$/.test(text)
}

/**
 * Each line of `text` longer than MAX characters (code points, as an editor counts them), as `line (length)`. In
 * Markdown (`markdown`), table rows and link-only lines are left out, but not inside a fenced code block.
 */
function longLines(text: string, markdown = false): string[] {
  let fenced = false
  return text.split('\n').flatMap((raw, i) => {
    const line = raw.replace(/\r$/, '')
    if (markdown && /^\s*(```|~~~)/.test(line)) fenced = !fenced
    const length = [...line].length
    if (length <= MAX || (markdown && !fenced && unwrappable(line))) return []
    return [`${i + 1} (${length})`]
  })
}

describe('no line over 120 characters (biome.json lineWidth)', () => {
  it('no tracked file written by hand has a line over 120 characters (Markdown: but table rows and links)', () => {
    const found = trackedFiles().flatMap((file) =>
      longLines(readFileSync(join(ROOT, file), 'utf8'), file.endsWith('.md')).map((hit) => `${file}:${hit}`),
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

  it('in Markdown lets a table row or a lone link run longer, never prose, a heading or fenced code', () => {
    const long = 'word '.repeat(30).trim()
    const allowed = [
      `| \`GET /x\` | anyone | ${long} |`,
      `  | indented | row | ${long} |`,
      `[${long}](https://example.com/a)`,
      `- [${long}](docs/a.md).`,
      `https://example.com/${'a'.repeat(130)}`,
      `![a screen](docs/screens/${'b'.repeat(130)}.png)`,
    ]
    for (const line of allowed) expect(longLines(line, true), line).toEqual([])
    const refused = [
      long,
      `- ${long}`,
      `## ${long}`,
      `See [the guide](https://example.com/guide) for ${long}`,
      `\`\`\`sh\n| ${long} |\n\`\`\``,
    ]
    for (const text of refused) expect(longLines(text, true), text).toHaveLength(1)
    // Outside Markdown a table row is a line like any other.
    expect(longLines(allowed[0]!)).toHaveLength(1)
  })

  it('reads the real tracked files of every kind written by hand, and no generated one', () => {
    const files = trackedFiles()
    for (const file of [
      'vitest.config.ts',
      'scripts/one-date-format.test.ts',
      'server/db/migrations/0030_card_decision_writes.sql',
      'scripts/test.sh',
      'embeds/ui/tokens.css',
      'embeds/embed-page.html',
      'package.json',
      'docs/api.md',
    ])
      expect(files).toContain(file)
    for (const g of GENERATED) {
      expect(files).not.toContain(g.file)
      expect(existsSync(join(ROOT, g.file)), `${g.file} is still there`).toBe(true)
    }
  })
})

import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Dark is colour only: the scheme changes colours and never a size, so a page that fits a phone in light fits it in
 * dark. The browser tests rely on this: they measure phone fit in light, and in dark only where a page is dark
 * anyway (e2e/support/fit.ts); axe still reads contrast in both schemes.
 */
const ROOT = join(import.meta.dirname, '..', '..')
const files = (dir: string, ext: RegExp): string[] =>
  readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name)
    return statSync(join(ROOT, path)).isDirectory()
      ? files(path, ext)
      : ext.test(name) && !/\.test\.tsx?$/.test(name)
        ? [path]
        : []
  })
const STYLES = [...files('embeds', /\.css$/), ...files('host', /\.css$/)]
const CODE = [...files('embeds', /\.tsx?$/), ...files('host', /\.tsx?$/), ...files('bridge', /\.tsx?$/)]
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8')

/** Each CSS rule as its selector (with the at-rule it sits in) and its declarations; comments removed. */
function rules(css: string): { selector: string; declarations: string[] }[] {
  const found: { selector: string; declarations: string[] }[] = []
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '')
  const walk = (block: string, outer: string) => {
    let depth = 0
    let start = 0
    let head = ''
    for (let i = 0; i < block.length; i++) {
      if (block[i] === '{') {
        if (depth === 0) {
          head = block.slice(start, i).trim()
          start = i + 1
        }
        depth++
      } else if (block[i] === '}') {
        depth--
        if (depth === 0) {
          const body = block.slice(start, i)
          if (head.startsWith('@')) walk(body, `${outer}${head} `)
          else
            found.push({
              selector: `${outer}${head}`,
              declarations: body
                .split(';')
                .map((d) => d.trim())
                .filter(Boolean),
            })
          start = i + 1
        }
      }
    }
  }
  walk(text, '')
  return found
}

describe('the colour scheme changes colours, never a size', () => {
  it('finds the style sheets and the code it reads', () => {
    expect(STYLES).toContain('embeds/ui/tokens.css')
    expect(CODE).toContain('host/embed-frame.tsx')
    expect(rules(read('embeds/ui/tokens.css')).length).toBeGreaterThan(10)
  })

  it('no style sheet asks the system for its scheme: light-dark() picks each colour', () => {
    for (const path of STYLES) expect(read(path), path).not.toMatch(/prefers-color-scheme/)
  })

  it('a rule chosen by the theme sets only color-scheme', () => {
    const themed = STYLES.flatMap((path) =>
      rules(read(path))
        .filter((r) => /data-theme|prefers-color-scheme/.test(r.selector))
        .map((r) => ({ path, ...r })),
    )
    expect(themed.length).toBeGreaterThanOrEqual(2)
    for (const rule of themed)
      for (const d of rule.declarations)
        expect(`${rule.path} ${rule.selector} { ${d} }`).toMatch(/\{ color-scheme: (light|dark) \}$/)
  })

  it('light-dark() holds only colours (custom properties and colour properties)', () => {
    for (const path of STYLES)
      for (const rule of rules(read(path)))
        for (const d of rule.declarations.filter((x) => x.includes('light-dark(')))
          expect(`${path}: ${d}`).toMatch(
            new RegExp(
              String.raw`: (--cash-[\w-]+|color|background(-color)?|border(-\w+)?-color|outline-color` +
                String.raw`|fill|stroke|caret-color|accent-color): light-dark\(`,
            ),
          )
  })

  it('page code reads the scheme only to hand it to the page (data-theme), never to lay anything out', () => {
    const readers = CODE.filter(
      (path) =>
        /prefers-color-scheme|\.theme\b|'dark'/.test(read(path).replace(/'qa\.theme[\w.]*'/g, '')) &&
        !/messages-/.test(path),
    )
    expect(readers.sort()).toEqual([
      'bridge/protocol.schema.ts',
      'embeds/lib/mount-embed.tsx',
      'host/embed-frame.tsx',
      'host/qa-harness.tsx',
      'host/use-qa-host.ts',
    ])
  })
})

/**
 * The browser tests measure phone fit at 320 px only (e2e/support/fit.ts, FIT_WIDTHS): nothing may lay out
 * differently between the narrowest phone and a wide one, so a page that fits 320 px fits 360–430 px too.
 */
describe('nothing changes the layout between the narrowest phone and a wide one', () => {
  it('every width a media or container query names is a tablet’s or wider (720 px and up)', () => {
    const widths = STYLES.flatMap((path) =>
      [...read(path).matchAll(/@(?:media|container)[^{]*/g)].flatMap(([query]) =>
        [...query.matchAll(/(\d+(?:\.\d+)?)(px|rem|em)/g)].map(([, n, unit]) => ({
          path,
          query: query.trim(),
          px: Number(n) * (unit === 'px' ? 1 : 16),
        })),
      ),
    )
    expect(widths.length).toBeGreaterThan(0)
    expect(widths.filter((w) => w.px < 720)).toEqual([])
  })

  it('no page code reads the window’s width or watches an element’s size', () => {
    const readers = CODE.filter((path) =>
      /\b(innerWidth|outerWidth|clientWidth|offsetWidth|visualViewport|ResizeObserver)\b|matchMedia\([^)]*width/.test(
        read(path),
      ),
    )
    expect(readers).toEqual([])
  })
})

import { readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sourceFiles } from './source-files'

/**
 * One date format across the app (issue 18, defect 13; docs/dates.md): pages write a moment only through
 * `formatDate`, `formatDay` and `formatMonth` in domain/format-date.ts, so the same day never reads "11/26/2026" on
 * one page and "Nov 26, 2026" on the next. This finds the ad-hoc ways back in, in every page source of embeds/ and
 * host/ (tests may build their expectations however they like). Machine formats (`toISOString()` for the API,
 * `<input type="date">` values) are not formatting for people and stay allowed.
 */
const ROOT = resolve(import.meta.dirname, '..')
const FOLDERS = ['embeds', 'host']

/** What formats a date by hand: the Date methods and building an Intl date formatter. */
const AD_HOC: readonly { what: string; pattern: RegExp }[] = [
  { what: 'toLocaleDateString', pattern: /\.toLocaleDateString\(/ },
  { what: 'toLocaleTimeString', pattern: /\.toLocaleTimeString\(/ },
  { what: 'Intl.DateTimeFormat', pattern: /\bIntl\.DateTimeFormat\(/ },
  { what: 'Intl.RelativeTimeFormat', pattern: /\bIntl\.RelativeTimeFormat\(/ },
  // toLocaleString is also the number formatter: flag it on a Date, on a value named like a moment, or with date
  // options.
  { what: 'toLocaleString on a Date', pattern: /\bnew Date\([^()]*(?:\([^()]*\))?[^()]*\)\.toLocaleString\(/ },
  { what: 'toLocaleString on a Date', pattern: /(?:[Dd]ate|[a-z]At|[Tt]ime|[Nn]ow\(\))\)?\.toLocaleString\(/ },
  {
    what: 'toLocaleString on a Date',
    pattern: /\.toLocaleString\([^)]*\b(?:dateStyle|timeStyle|timeZone|weekday|year|month|day|hour|minute)\b/,
  },
]

/** Each line of `text` that formats a date by hand, as `line: what`. */
function adHocDates(text: string): string[] {
  return text.split('\n').flatMap((line, i) => {
    const hit = AD_HOC.find((a) => a.pattern.test(line))
    return hit ? [`${i + 1}: ${hit.what}`] : []
  })
}

describe('one date format across the app (docs/dates.md)', () => {
  it('no page in embeds/ or host/ formats a date except through domain/format-date.ts', () => {
    const found = FOLDERS.flatMap((folder) =>
      sourceFiles(join(ROOT, folder), { withTests: false }).flatMap((file) =>
        adHocDates(readFileSync(file, 'utf8')).map((hit) => `${relative(ROOT, file)}:${hit}`),
      ),
    )
    expect(found).toEqual([])
  })

  it('the check sees each ad-hoc way (it can fail) and leaves numbers and machine formats alone', () => {
    const bad = [
      "new Date(iso).toLocaleDateString(locale, { dateStyle: 'medium' })",
      'new Date(iso).toLocaleTimeString(locale)',
      "new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso))",
      'Intl.DateTimeFormat().resolvedOptions().timeZone',
      'new Date(n.createdAt).toLocaleString(locale)',
      'new Date(Date.parse(x)).toLocaleString()',
      'w.settleAt.toLocaleString(locale)',
      "value.toLocaleString(locale, { timeZone: 'UTC', dateStyle: 'medium' })",
    ]
    for (const line of bad) expect(adHocDates(line), line).toHaveLength(1)
    const fine = [
      'r.ranJobs.toLocaleString(locale)',
      'queue.data.items.length.toLocaleString(locale)',
      'new Date().toISOString()',
      "formatDate(iso, locale, 'dateTime')",
    ]
    for (const line of fine) expect(adHocDates(line), line).toEqual([])
  })

  it('reads the real sources (a page that formats dates is among them)', () => {
    const files = sourceFiles(join(ROOT, 'embeds'), { withTests: false }).map((f) => relative(ROOT, f))
    expect(files).toContain('embeds/ui/history-row.tsx')
    expect(readFileSync(join(ROOT, 'embeds/ui/history-row.tsx'), 'utf8')).toContain('formatDate(')
  })
})

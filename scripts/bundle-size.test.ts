import { beforeAll, describe, expect, it } from 'vitest'
import { WEBVIEW_PAGES } from '../domain/webview-pages'
import { DEFAULT_BUDGET, measureBundles, PAGE_BUDGETS, type SizeReport } from './bundle-size'

// Builds the pages and a bare React page into a temporary folder (a few seconds) and checks each webview page's
// first load (entry + static imports + CSS, gzip) against its budget.
let report: SizeReport
beforeAll(async () => {
  report = await measureBundles()
}, 180_000)

describe('webview page first load', () => {
  it('measures every standalone webview page', () => {
    expect(report.pages.map((p) => p.page).sort()).toEqual(Object.keys(WEBVIEW_PAGES).sort())
    expect(report.bare.total).toBeGreaterThan(30_000)
  })

  for (const page of Object.keys(WEBVIEW_PAGES)) {
    it(`${page} fits its budget`, () => {
      const size = report.pages.find((p) => p.page === page)!
      const budget = PAGE_BUDGETS[page] ?? DEFAULT_BUDGET
      const detail = size.files.map((f) => `${f.file} ${f.gzip}`).join(', ')
      expect(size.total, `${page}: ${size.total} bytes gzip over ${budget} (${detail})`).toBeLessThanOrEqual(budget)
      expect(size.css, `${page} loads its styles at first paint`).toBeGreaterThan(0)
    })
  }

  it('keeps Sentry out of the first load and out of what loads with it', () => {
    for (const p of report.pages) {
      expect(
        [...p.modules, ...p.app.modules].filter((m) => m.includes('@sentry')),
        p.page,
      ).toEqual([])
    }
  })

  it('asks for the rest of the page (bridge, session, the embed) in its HTML, beside the entry', () => {
    for (const p of report.pages) {
      expect(
        p.app.modules.some((m) => m.includes(`embeds/${p.embed}/`)),
        p.page,
      ).toBe(true)
      expect(
        p.app.modules.some((m) => m.includes('embeds/lib/mount-embed')),
        p.page,
      ).toBe(true)
      expect(p.notPreloaded, p.page).toEqual([])
    }
  })
})

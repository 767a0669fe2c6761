import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

export type AxeViolation = { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }

/**
 * axe's violations on the page as it is now, for the given WCAG tags.
 *
 * A page that frames nothing is audited in place: axe is put into the page (once per page load) and `axe.run`
 * reads the document, about 0.2 s. `AxeBuilder.analyze()` gives the same answer but opens a blank page for each
 * audit to merge its frames' results (`finishRun`), which took 0.7–1.3 s an audit here: the route walk alone runs
 * about a hundred. A page with frames (the QA harness) still goes through AxeBuilder, which audits each frame.
 */
export async function axeViolations(page: Page, tags: string[]): Promise<AxeViolation[]> {
  if ((await page.locator('iframe').count()) > 0) {
    return (
      await new AxeBuilder({ page })
        .withTags(tags)
        .options({ resultTypes: ['violations'] })
        .analyze()
    ).violations
  }
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  return page.evaluate(async (values) => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> }
      }
    ).axe
    const { violations } = await axe.run(document, { runOnly: { type: 'tag', values }, resultTypes: ['violations'] })
    return violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }))
  }, tags)
}

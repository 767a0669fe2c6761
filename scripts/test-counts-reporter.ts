import { writeFileSync } from 'node:fs'
import type { Reporter, TestModule } from 'vitest/node'

type Counts = Record<string, { files: number; passed: number; failed: number; skipped: number }>

/**
 * A Vitest reporter for `npm test`: the test counts per project, written as JSON to the file named by
 * CASH_TEST_COUNTS (scripts/test-summary.mjs prints them), and every skipped or todo test named, because a
 * skipped test is one that could pass without running.
 */
export default class TestCountsReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const counts: Counts = {}
    const skipped: string[] = []
    for (const module of modules) {
      const project = module.project.name
      counts[project] ??= { files: 0, passed: 0, failed: 0, skipped: 0 }
      const c = counts[project]
      c.files++
      for (const test of module.children.allTests()) {
        const state = test.result().state
        if (state === 'passed') c.passed++
        else if (state === 'failed') c.failed++
        else {
          c.skipped++
          skipped.push(`${project} ${module.moduleId.replace(`${process.cwd()}/`, '')} › ${test.fullName}`)
        }
      }
    }
    if (skipped.length)
      process.stdout.write(
        `\n[cash] ${skipped.length} test(s) did not run (skipped ` +
          `or todo): every test must run\n  ${skipped.join('\n  ')}\n`,
      )
    if (process.env.CASH_TEST_COUNTS) writeFileSync(process.env.CASH_TEST_COUNTS, JSON.stringify({ counts, skipped }))
  }
}

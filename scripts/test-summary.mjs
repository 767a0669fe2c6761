// Prints the end of `npm test`: each stage's time and the test counts (Vitest per project, Playwright), and
// fails when a test was skipped or none ran. Arguments: the counts file of scripts/test-counts-reporter.ts,
// Playwright's JSON report, then the stage lines.
import { readFileSync } from 'node:fs'

const [countsFile, playwrightFile, ...stages] = process.argv.slice(2)
const { counts, skipped } = JSON.parse(readFileSync(countsFile, 'utf8'))
const stats = JSON.parse(readFileSync(playwrightFile, 'utf8')).stats
const browser = { files: 0, passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped }
const rows = [...Object.entries(counts), ['browser', browser]]
const line = (name, c) =>
  `  ${name.padEnd(9)} ${String(c.passed).padStart(4)} passed  ${String(c.failed).padStart(3)} ` +
  `failed  ${String(c.skipped).padStart(3)} skipped${c.files ? `  (${c.files} files)` : ''}`
const total = rows.reduce((sum, [, c]) => sum + c.passed, 0)
console.log(`\n[cash] npm test: stage times\n${stages.map((s) => `  ${s}`).join('\n')}`)
console.log(
  `[cash] ` +
    `tests\n${rows.map(([name, c]) => line(name, c)).join('\n')}\n  ${'all'.padEnd(9)} ${String(total).padStart(4)} ` +
    `passed`,
)
if (stats.flaky) console.log(`[cash] ${stats.flaky} browser test(s) passed only on a retry`)
const notRun = skipped.length + browser.skipped
if (notRun || rows.some(([, c]) => c.passed === 0)) {
  console.log(
    `[cash] FAILED: ${notRun} test(s) did not ` +
      `run${rows.some(([, c]) => c.passed === 0) ? ', and a project ran no test' : ''}`,
  )
  process.exit(1)
}

import { readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sourceFiles } from './source-files'

/**
 * One way to draw a loaded resource: a page hands what `useResource` returns to `ResourceView`
 * (embeds/ui/resource-view.tsx), which shows the loading line, the failure with its retry, the empty state or
 * the data, so every page says "Loading…" and offers "Try again" the same way. This finds the hand-written
 * switches back in every page source of embeds/ and host/: any test of a `.status` against 'loading', 'error' or
 * 'ready', with any operator and on either side (`!== 'ready'` is a switch too: it picks what loading and failure
 * show), and any `case` of those. A value worked out beside the drawing (a countdown's end, a badge's count) is
 * read with `readyData(resource)`. States that are not a Resource are allowed by name below, each with why.
 */
const ROOT = resolve(import.meta.dirname, '..')
const FOLDERS = ['embeds', 'host']
/** The one switch on a Resource. */
const THE_SWITCH = 'embeds/ui/resource-view.tsx'
/** Where a Resource is made and read: the hook's own state and `readyData`. */
const THE_HOOK = 'embeds/lib/use-resource.ts'

/** Tests of a `.status` that is not a Resource's: the file, the value tested, and why it is not one. */
const NOT_A_RESOURCE: readonly { file: string; subject: string; reason: string }[] = [
  {
    file: 'host/shell.tsx',
    subject: 'state',
    reason: "the session's state machine (loading, signed-out, signed-in, error), not a useResource result",
  },
  {
    file: 'embeds/lib/mount-embed.tsx',
    subject: 'session.state',
    reason: "the session's state machine: a standalone page waits for it before choosing sign-in or the screen",
  },
  {
    file: 'embeds/support/feedback-page.tsx',
    subject: 'state',
    reason: "the session's state machine: signed-out visitors get the sign-in callout",
  },
  {
    file: 'embeds/auth/accept-invite-page.tsx',
    subject: 'state',
    reason: "the session's state machine, waited for together with the invitation before choosing join or sign-in",
  },
]

const STATE = `'(?:loading|error|ready)'`
/** `x.status === 'state'` (any of ==, ===, !=, !==), `'state' !== x.status`, and a `case 'state':`. */
const TESTS = [
  new RegExp(`([\\w$.?]+)\\.status\\s*[!=]==?\\s*${STATE}`, 'g'),
  new RegExp(`${STATE}\\s*[!=]==?\\s*([\\w$.?]+)\\.status\\b`, 'g'),
  new RegExp(`\\bcase\\s+${STATE}\\s*:`, 'g'),
]

/** Each test of a `.status` against a Resource's states in `text`, as `line: subject.status === 'state'`. */
function statusTests(text: string): { line: number; subject: string; what: string }[] {
  return text
    .split('\n')
    .flatMap((line, i) =>
      TESTS.flatMap((test) =>
        [...line.matchAll(test)].map((m) => ({ line: i + 1, subject: (m[1] ?? '').replace(/\?$/, ''), what: m[0] })),
      ),
    )
}

function handWrittenSwitches(): string[] {
  return FOLDERS.flatMap((folder) =>
    sourceFiles(join(ROOT, folder), { withTests: false }).flatMap((path) => {
      const file = relative(ROOT, path).split('\\').join('/')
      if (file === THE_SWITCH || file === THE_HOOK) return []
      return statusTests(readFileSync(path, 'utf8'))
        .filter((hit) => !NOT_A_RESOURCE.some((a) => a.file === file && a.subject === hit.subject))
        .map((hit) => `${file}:${hit.line}: ${hit.what}`)
    }),
  )
}

describe('one resource switch (embeds/ui/resource-view.tsx)', () => {
  it('no page in embeds/ or host/ switches on a Resource by hand: it uses ResourceView', () => {
    expect(handWrittenSwitches()).toEqual([])
  })

  it('the check sees each way of writing the switch (it can fail) and leaves other states alone', () => {
    const bad = [
      "  if (data.status === 'loading') return <LoadingState />",
      "{list.status === 'error' ? <ErrorState message={list.error.message} onRetry={list.reload} /> : null}",
      "  if (transfer.status !== 'error') return null",
      "{props.resource.status === 'loading' ? <LoadingState /> : null}",
      "  if (freeze.status !== 'ready' || !freeze.data.frozen) return <>{children}</>",
      "const items = list.status === 'ready' ? list.data.items : []",
      "return flags.status == 'ready' && flags.data.on ? <Rows /> : null",
      "if ('error' === config.status) return null",
      "    case 'loading':",
    ]
    for (const line of bad) expect(statusTests(line), line).toHaveLength(1)
    const fine = [
      'const items = readyData(list)?.items ?? []',
      "if (payment?.status === 'completed') return <Done />",
      "case 'delivered':",
      "x.status === 'delivered' ? t('bridge.done') : null",
      "setState({ status: 'loading' })",
    ]
    for (const line of fine) expect(statusTests(line), line).toEqual([])
  })

  it('every allowed state is still there (an entry that no longer matches is removed, not kept)', () => {
    for (const a of NOT_A_RESOURCE) {
      const hits = statusTests(readFileSync(join(ROOT, a.file), 'utf8')).filter((h) => h.subject === a.subject)
      expect(hits.length, `${a.file}: ${a.subject}`).toBeGreaterThan(0)
    }
  })

  it('reads the real sources (the one switch is among them)', () => {
    const files = sourceFiles(join(ROOT, 'embeds'), { withTests: false }).map((f) => relative(ROOT, f))
    expect(files).toContain(THE_SWITCH)
    expect(statusTests(readFileSync(join(ROOT, THE_SWITCH), 'utf8')).length).toBeGreaterThan(0)
  })
})

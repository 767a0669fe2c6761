import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CAPABILITIES } from '../bridge/protocol.schema'
import { PERSONAS } from '../fixtures/personas'
import { personaSession } from './testing/persona-session'
import { useQaHost, type QaSettings } from './use-qa-host'

const settings = (email: string, page: string): QaSettings => ({
  page,
  screen: '',
  email,
  password: 'demo-password',
  platform: 'ios',
  locale: 'en-US',
  theme: 'light',
  capabilities: [...CAPABILITIES],
  sandbox: true,
})
const ADMIN = PERSONAS.find((p) => p.platformRole === 'admin')!
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })

/** The sign-ins the harness asked for, in order, each answered when the test says. */
let signIns: { email: string; answer: () => void }[] = []

beforeEach(() => {
  signIns = []
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    if (!url.endsWith('/auth/sign-in')) return Promise.reject(new Error(`unexpected ${url}`))
    const { email } = JSON.parse(String(init.body)) as { email: string }
    return new Promise<Response>((resolve) =>
      signIns.push({ email, answer: () => resolve(json(personaSession(email))) }),
    )
  })
})
afterEach(() => vi.unstubAllGlobals())

type Host = { current: ReturnType<typeof useQaHost> }

/** Presses Launch for `email` on `page`: the launch's promise, settled once it has nothing left to do. */
function launchAs(host: Host, email: string, page: string): Promise<void> {
  let launched: Promise<void> = Promise.resolve()
  act(() => {
    launched = host.current.launch(settings(email, page))
  })
  return launched
}

/** Answers the sign-in the harness asked for `nth` (0-based), for `email`, and lets the harness act on it. */
async function answer(nth: number, email: string) {
  await vi.waitFor(() => expect(signIns[nth]?.email).toBe(email))
  await act(async () => signIns[nth]!.answer())
}

describe('the QA harness host', () => {
  it(
    'a launch overtaken while it signs in changes nothing after: ' + 'the newer launch keeps its embed and controls',
    async () => {
      const { result } = renderHook(() => useQaHost({ current: null }))
      // Launched as Paula, then (before her controls are signed in) launched again as Bruno.
      const first = launchAs(result, 'personal@demo.cash', 'home')
      await answer(0, 'personal@demo.cash')
      expect(result.current.src).toContain('/webview/home?')
      const second = launchAs(result, 'borrower@demo.cash', 'history')
      await answer(2, 'borrower@demo.cash')
      await answer(3, ADMIN.email)
      await act(() => second)
      expect(result.current.src).toContain('/webview/history?')
      expect(result.current.sandbox?.email).toBe('borrower@demo.cash')
      // Paula's launch's admin sign-in answers last: it must not put her controls beside Bruno's embed.
      await answer(1, ADMIN.email)
      await act(() => first)
      expect(result.current.sandbox?.email).toBe('borrower@demo.cash')
      expect(result.current.src).toContain('/webview/history?')
      expect(result.current.error).toBeNull()
    },
  )

  it(
    'a launch again for the same persona keeps its controls while it signs in, ' + 'then hands them a fresh client',
    async () => {
      const { result } = renderHook(() => useQaHost({ current: null }))
      let launched = launchAs(result, 'personal@demo.cash', 'home')
      await answer(0, 'personal@demo.cash')
      await answer(1, ADMIN.email)
      await act(() => launched)
      const before = result.current.sandbox
      expect(before?.email).toBe('personal@demo.cash')
      launched = launchAs(result, 'personal@demo.cash', 'history')
      expect(result.current.sandbox).toBe(before)
      await answer(2, 'personal@demo.cash')
      await answer(3, ADMIN.email)
      await act(() => launched)
      expect(result.current.sandbox?.email).toBe('personal@demo.cash')
      expect(result.current.sandbox?.api).not.toBe(before?.api)
      // Another persona: no controls until its own are signed in.
      launched = launchAs(result, 'borrower@demo.cash', 'history')
      expect(result.current.sandbox).toBeNull()
      await answer(4, 'borrower@demo.cash')
      await answer(5, ADMIN.email)
      await act(() => launched)
      expect(result.current.sandbox?.email).toBe('borrower@demo.cash')
    },
  )
})

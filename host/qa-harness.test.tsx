import { fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PERSONAS } from '../fixtures/personas'
import { personaSession } from './testing/persona-session'
import { renderInSession } from '../embeds/testing/render-in-session'
import { QaHarness } from './qa-harness'

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const ADMIN = PERSONAS.find((p) => p.platformRole === 'admin')!

/** /config answers when the test says (a slow server); sign-ins are recorded and answered at once. */
let answerConfig: () => void = () => undefined
let signIns: string[] = []
beforeEach(() => {
  signIns = []
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    if (url.endsWith('/auth/session')) return Promise.resolve(json({ error: { code: 'unauthenticated' } }, 401))
    if (url.endsWith('/config'))
      return new Promise<Response>((resolve) => {
        answerConfig = () =>
          resolve(
            json({
              monitoring: { dsn: '', tunnel: '', environment: 'test', release: 'test' },
              signupsOpen: true,
              providers: [],
            }),
          )
      })
    if (url.endsWith('/auth/sign-in')) {
      const { email } = JSON.parse(String(init.body)) as { email: string }
      signIns.push(email)
      return Promise.resolve(json(personaSession(email)))
    }
    return Promise.resolve(json({ error: { code: 'not_found', message: 'Not found.' } }, 404))
  })
})
afterEach(() => vi.unstubAllGlobals())

describe('the QA harness', () => {
  it('launches only once it knows whether the server runs a sandbox, and then signs in its admin too', async () => {
    renderInSession(<QaHarness />)
    const launch = await screen.findByRole('button', { name: 'Launch' })
    // Before /config answers, a launch would go without the sandbox controls and never get them.
    expect(launch).toHaveProperty('disabled', true)
    fireEvent.click(launch)
    expect(signIns).toEqual([])

    answerConfig()
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Launch' })).toHaveProperty('disabled', false))
    fireEvent.click(screen.getByRole('button', { name: 'Launch' }))
    await vi.waitFor(() => expect(signIns).toEqual(['personal@demo.cash', ADMIN.email]))
    expect(await screen.findByText('Acting on the account of personal@demo.cash.')).toBeTruthy()
    expect(screen.queryByText('Sign a persona in to the embed to act on its account.')).toBeNull()
  })
})

import { fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SandboxPage } from '../admin/sandbox-page'
import { SignUpGate } from '../auth/sign-up-gate'
import { EmbedNavigationProvider } from './embed-navigation'
import { renderInSession } from '../testing/render-in-session'

const session = {
  user: { id: '20000000-0000-4000-8000-000000000009', email: 'admin@demo.cash', name: 'Ada', platformRole: 'admin' },
  memberships: [],
  csrfToken: 'csrf',
}
const config = (environment: string, signupsOpen = true) => ({
  monitoring: { dsn: '', tunnel: '', environment, release: 'test' },
  signupsOpen,
  providers: [],
})

/** /config fails `failures` times (the server is busy), then answers `answer`. */
let failures = 0
let answer = config('test')
let configAsked = 0
beforeEach(() => {
  configAsked = 0
  vi.stubGlobal('fetch', async (url: string) => {
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
    if (url.endsWith('/auth/session')) return json(session)
    if (url.endsWith('/config')) {
      configAsked++
      return configAsked <= failures
        ? json({ error: { code: 'unavailable', message: 'The server is busy, try again.' } }, 503)
        : json(answer)
    }
    if (url.includes('/admin/')) return json({ items: [] })
    return json({ error: { code: 'not_found', message: 'Not found.' } }, 404)
  })
})
afterEach(() => vi.unstubAllGlobals())

describe('pages that wait for the server settings (/config)', () => {
  it('the sandbox page shows a failed /config as an error with a retry, and the retry brings the page', async () => {
    failures = 1
    answer = config('test')
    renderInSession(<SandboxPage title="Sandbox" path="/admin/sandbox" params={{}} />)
    expect((await screen.findByRole('alert')).textContent).toContain('Something failed on our side.')
    expect(screen.queryByRole('status')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('button', { name: 'Open controls' })).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('sign-up shows a failed /config as an error with a retry, and the retry brings the form', async () => {
    failures = 2
    answer = config('production', true)
    renderInSession(
      <SignUpGate waitlistHref="/app/cash/waitlist">
        <p>The sign-up form</p>
      </SignUpGate>,
    )
    expect((await screen.findByRole('alert')).textContent).toContain('Something failed on our side.')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    // Failed again: still the error and its retry, never a loading line that stays.
    await vi.waitFor(() => expect(configAsked).toBe(2))
    expect((await screen.findByRole('alert')).textContent).toContain('Something failed on our side.')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('The sign-up form')).toBeTruthy()
  })

  it('sign-up, with sign-ups closed, goes to the waitlist and never shows the form', async () => {
    failures = 0
    answer = config('production', false)
    const go = vi.fn()
    renderInSession(
      <EmbedNavigationProvider navigation={{ go, here: '/app/cash/sign-up' }}>
        <SignUpGate waitlistHref="/app/cash/waitlist">
          <p>The sign-up form</p>
        </SignUpGate>
      </EmbedNavigationProvider>,
    )
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith('/app/cash/waitlist'))
    expect(screen.queryByText('The sign-up form')).toBeNull()
  })
})

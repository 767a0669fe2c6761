import { fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderInSession } from '../testing/render-in-session'
import { FrozenGate } from './frozen-gate'

const ACCOUNT = '30000000-0000-4000-8000-000000000001'
const session = {
  user: { id: '20000000-0000-4000-8000-000000000001', email: 'p@demo.cash', name: 'Paula', platformRole: 'user' },
  memberships: [],
  csrfToken: 'csrf',
}
const freeze = (frozen: boolean) => ({
  id: ACCOUNT,
  frozen,
  frozenAt: frozen ? '2026-11-20T10:00:00.000Z' : null,
  frozenReason: frozen ? 'Unusual activity under review' : null,
})

/** The freeze answers in turn: `'fail'` a 503, `'hang'` never, else that body. */
let answers: ('fail' | 'hang' | ReturnType<typeof freeze>)[] = []
beforeEach(() => {
  vi.stubGlobal('fetch', async (url: string) => {
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
    if (url.endsWith('/auth/session')) return json(session)
    if (url.endsWith(`/accounts/${ACCOUNT}/freeze`)) {
      const next = answers.shift() ?? 'hang'
      if (next === 'hang') return new Promise<Response>(() => {})
      return next === 'fail' ? json({ error: { code: 'unavailable', message: 'Busy.' } }, 503) : json(next)
    }
    return json({ error: { code: 'not_found', message: 'Not found.' } }, 404)
  })
})
afterEach(() => vi.unstubAllGlobals())

const show = () =>
  renderInSession(
    <FrozenGate accountId={ACCOUNT}>
      <form aria-label="Send money" />
    </FrozenGate>,
  )

describe('FrozenGate (the first screen of every money-out flow)', () => {
  it('while Cash has not said whether the account is frozen, shows the loading line, not the form', async () => {
    answers = ['hang']
    show()
    expect((await screen.findByRole('status')).textContent).toBe('Loading…')
    expect(screen.queryByRole('form', { name: 'Send money' })).toBeNull()
  })

  it('when it cannot say, shows the failure with a retry instead of the form; the retry brings the form', async () => {
    answers = ['fail', freeze(false)]
    show()
    expect((await screen.findByRole('alert')).textContent).toContain('Something failed on our side.')
    expect(screen.queryByRole('form', { name: 'Send money' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('form', { name: 'Send money' })).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('on a frozen account says so with the reason, instead of the form', async () => {
    answers = [freeze(true)]
    show()
    const gate = await screen.findByTestId('frozen-gate')
    expect(gate.textContent).toContain('Unusual activity under review')
    expect(screen.queryByRole('form', { name: 'Send money' })).toBeNull()
  })

  it('on an account that is not frozen, shows the flow', async () => {
    answers = [freeze(false)]
    show()
    expect(await screen.findByRole('form', { name: 'Send money' })).toBeTruthy()
    expect(screen.queryByTestId('frozen-gate')).toBeNull()
  })
})

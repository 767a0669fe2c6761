import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ProviderName } from '../../domain/api/meta.schema'
import type { Locale } from '../lib/i18n'
import { renderInSession } from '../testing/render-in-session'
import { OrderCardPage } from './order-card-page'

/**
 * A physical card needs the carrier that makes and ships it. On a server without one (production, in this build:
 * ordering answers 503 provider_unavailable) the option says so and cannot be chosen; the virtual card stays.
 */
const account = '30000000-0000-4000-8000-000000000001'
const session = {
  user: { id: '20000000-0000-4000-8000-000000000001', email: 'p@demo.cash', name: 'Paula', platformRole: 'user' },
  memberships: [{ accountId: account, accountKind: 'personal', accountName: 'Paula Pereira', role: 'holder' }],
  csrfToken: 'csrf',
}
const ordering = {
  verification: { check: 'kyc', status: 'approved', approved: true, link: '/app/cash/kyc', message: null, says: null },
  tier: 'core',
  virtual: { count: 1, max: 5 },
  physical: { count: 0, max: 1, fee: '0', etaDays: 7 },
}
let providers: ProviderName[] = []

beforeEach(() => {
  vi.stubGlobal('fetch', async (url: string) => {
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
    if (url.endsWith('/auth/session')) return json(session)
    if (url.endsWith('/config'))
      return json({
        monitoring: { dsn: '', tunnel: '', environment: 'test', release: 't' },
        signupsOpen: true,
        providers,
      })
    if (url.endsWith('/card-ordering')) return json(ordering)
    throw new Error(`unexpected request ${url}`)
  })
})
// The Portuguese render sets the document's language; the next file in this worker expects it back.
const lang = document.documentElement.lang
afterEach(() => {
  vi.unstubAllGlobals()
  document.documentElement.lang = lang
})

const open = (locale: Locale = 'en-US') =>
  renderInSession(<OrderCardPage accountId={account} cardsPath="/app/cash/cards" />, locale)

describe('ordering a card', () => {
  it('offers a physical card when the server ships them', async () => {
    providers = ['carrier']
    open()
    const physical = await screen.findByRole('radio', { name: /physical/i })
    expect((physical as HTMLInputElement).disabled).toBe(false)
    expect(screen.queryByText(/Not available yet/)).toBeNull()
  })

  it('marks the physical card not available yet, and not choosable, on a server with no carrier', async () => {
    providers = []
    open()
    const physical = await screen.findByRole('radio', { name: /physical.*Not available yet/i })
    expect((physical as HTMLInputElement).disabled).toBe(true)
    expect((screen.getByRole('radio', { name: /virtual/i }) as HTMLInputElement).disabled).toBe(false)
  })

  it('in Portuguese: “Ainda não disponível”', async () => {
    providers = []
    open('pt-BR')
    const physical = await screen.findByRole('radio', { name: /Ainda não disponível/ })
    expect((physical as HTMLInputElement).disabled).toBe(true)
  })
})

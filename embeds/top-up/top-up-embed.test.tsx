import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ProviderName } from '../../domain/api/meta.schema'
import type { Locale } from '../lib/i18n'
import { renderInSession } from '../testing/render-in-session'
import { TopUpEmbed } from './top-up-embed'

/**
 * On a server without a rail's provider (production, in this build: its routes answer 503), the hub marks that way
 * as not available yet and the rail's page says so in place of its form, before anything is typed.
 */
const account = '30000000-0000-4000-8000-000000000001'
const session = {
  user: { id: '20000000-0000-4000-8000-000000000001', email: 'p@demo.cash', name: 'Paula', platformRole: 'user' },
  memberships: [{ accountId: account, accountKind: 'personal', accountName: 'Paula Pereira', role: 'holder' }],
  csrfToken: 'csrf',
}
let providers: ProviderName[] = []
const asked: string[] = []

beforeEach(() => {
  asked.length = 0
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url)
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
    if (url.endsWith('/auth/session')) return json(session)
    if (url.endsWith('/config'))
      return json({
        monitoring: { dsn: '', tunnel: '', environment: 'test', release: 't' },
        signupsOpen: true,
        providers,
      })
    if (url.endsWith('/deposits') || url.endsWith('/bridge-transfers')) return json({ items: [] })
    return json({ error: { code: 'provider_unavailable', message: 'Not connected.' } }, 503)
  })
})
// The Portuguese renders set the document's language; the next file in this worker expects it back.
const lang = document.documentElement.lang
afterEach(() => {
  vi.unstubAllGlobals()
  document.documentElement.lang = lang
})

const open = (path: string, locale: Locale = 'en-US') =>
  renderInSession(<TopUpEmbed path={path} params={{}} title="Add money" />, locale)

/** The hub's rows: each way's name, and where it leads (null: it opens nothing). */
async function ways() {
  const nav = await screen.findByRole('navigation')
  await within(nav).findAllByText(/Not available yet|Ainda não disponível/)
  return within(nav)
    .getAllByRole('listitem')
    .map((li) => [li.querySelector('strong')?.textContent, li.querySelector('a')?.getAttribute('href') ?? null])
}

describe('TopUpEmbed with no provider connected', () => {
  it('keeps the deposit address and the wallet, and marks the bridges, PIX and bank as not available yet', async () => {
    providers = []
    open('/top-up')
    expect(await ways()).toEqual([
      ['Deposit crypto', '/app/cash/top-up/share-address'],
      ['Send from your wallet', '/app/cash/top-up/send'],
      ['Bridge from another chain', null],
      ['Bridge weETH from Ethereum', null],
      ['PIX', null],
      ['Bank transfer', null],
    ])
    expect(screen.getAllByText('Not available yet')).toHaveLength(4)
    expect(screen.getAllByText('Not available yet')[0]!.closest('[aria-disabled="true"]')).toBeTruthy()
  })

  it('in Portuguese: “Ainda não disponível” on the same four', async () => {
    providers = []
    open('/top-up', 'pt-BR')
    expect((await ways()).filter(([, href]) => href === null).map(([name]) => name)).toEqual([
      'Ponte de outra rede',
      'Ponte de weETH da Ethereum',
      'PIX',
      'Transferência bancária',
    ])
    expect(screen.getAllByText('Ainda não disponível')).toHaveLength(4)
  })

  it('the bridge page says it is not available instead of its form, and asks for no quote', async () => {
    providers = []
    open('/top-up/stargate')
    expect((await screen.findByTestId('rail-unavailable')).textContent).toContain(
      'Bridging from another chain is not available yet.',
    )
    expect(screen.queryByLabelText('Amount')).toBeNull()
    expect(screen.getByRole('link', { name: 'Other ways to add money' }).getAttribute('href')).toBe('/app/cash/top-up')
    expect(asked.some((url) => url.includes('bridge-quote'))).toBe(false)
  })

  it('the bridge page in Portuguese', async () => {
    providers = []
    open('/top-up/etherfi-bridge', 'pt-BR')
    expect((await screen.findByTestId('rail-unavailable')).textContent).toContain(
      'A ponte de outra rede ainda não está disponível.',
    )
    expect(screen.getByRole('link', { name: 'Outras formas de adicionar dinheiro' })).toBeTruthy()
    expect(screen.queryByLabelText('Valor')).toBeNull()
  })
})

describe('TopUpEmbed with every provider connected (off production)', () => {
  it('offers every way, and the bridge page its form', async () => {
    providers = ['bridge', 'chain', 'bank', 'pix', 'plaid', 'carrier', 'identity']
    const view = open('/top-up')
    const nav = await screen.findByRole('navigation')
    await vi.waitFor(() => expect(asked.some((url) => url.endsWith('/config'))).toBe(true))
    expect(within(nav).getAllByRole('link')).toHaveLength(6)
    expect(screen.queryByText('Not available yet')).toBeNull()
    view.unmount()
    open('/top-up/stargate')
    expect(await screen.findByLabelText('Amount')).toBeTruthy()
    expect(screen.queryByTestId('rail-unavailable')).toBeNull()
  })
})

import { fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { parseAddress } from '../../domain/address'
import { apiErrorBody } from '../../domain/api/common.schema'
import { say } from '../../domain/error-message'
import { DomainError } from '../../domain/errors'
import type { Locale } from '../lib/i18n'
import { renderInSession } from '../testing/render-in-session'
import { CryptoWithdrawPage } from './crypto-withdraw-page'

/**
 * The address refusals at the field, one per kind of bad address. The quote endpoint here refuses as the
 * server does (the same domain parser; server/money-out/withdrawals.test.ts checks the server's answers);
 * e2e/money-out.spec.ts follows one refusal through the real server in the browser.
 */
const account = '30000000-0000-4000-8000-000000000001'
const session = {
  user: {
    id: '20000000-0000-4000-8000-000000000001',
    email: 'personal@demo.cash',
    name: 'Paula Pereira',
    platformRole: 'user',
  },
  memberships: [],
  csrfToken: 'csrf',
}
const quotes: string[] = []
const FREE_USDC = 2500.5

beforeEach(() => {
  quotes.length = 0
  vi.stubGlobal('fetch', async (url: string) => {
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
    if (url.endsWith('/auth/session')) return json(session)
    if (url.includes('/withdrawals/quote?')) {
      const query = new URL(url, 'http://cash.test').searchParams
      const address = query.get('address') ?? ''
      quotes.push(address)
      try {
        parseAddress(address)
      } catch (error) {
        if (!(error instanceof DomainError)) throw error
        return json(apiErrorBody(error.at('address')), error.status)
      }
      // More than the free balance, refused as server/money-out/withdrawals.ts does: the figures are data.
      if (Number(query.get('amount')) > FREE_USDC) {
        const free = String(FREE_USDC * 1_000_000)
        const over = new DomainError(
          'insufficient_funds',
          say('not_enough_with_fee', { asset: 'USDC', free, total: '3000200000' }),
          { amount: say('more_than_free_with_fee', { asset: 'USDC', free }) },
        )
        return json(apiErrorBody(over), over.status)
      }
      return json({ error: { code: 'internal', message: 'only refusals in this test' } }, 500)
    }
    return json({ error: { code: 'not_found', message: 'Not found.' } }, 404)
  })
})
afterEach(() => vi.unstubAllGlobals())

const renderPage = (locale: Locale = 'en-US') => renderInSession(<CryptoWithdrawPage accountId={account} />, locale)

async function enter(address: string, amount = '10') {
  fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: amount } })
  fireEvent.change(screen.getByLabelText('Destination address'), { target: { value: address } })
}

describe('CryptoWithdrawPage: a bad address is refused at its field', () => {
  it.each([
    [
      'a mixed-case address with a wrong checksum',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAEd',
      'This address has mixed case that does not match its checksum. Check it was copied correctly.',
    ],
    ['0x and 39 hex characters', `0x${'a'.repeat(39)}`, 'An address is 0x followed by 40 hexadecimal characters.'],
    ['a non-hex character', `0x${'a'.repeat(39)}z`, 'An address is 0x followed by 40 hexadecimal characters.'],
  ])('%s: the message at the field, and no review', async (_label, address, message) => {
    renderPage()
    await enter(address)
    const alert = await screen.findByRole('alert', {}, { timeout: 3_000 })
    expect(alert.textContent).toBe(message)
    const field = screen.getByLabelText('Destination address')
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(field.getAttribute('aria-describedby')).toContain(alert.id)
    expect((screen.getByRole('button', { name: 'Review' }) as HTMLButtonElement).disabled).toBe(true)
    expect(quotes).toEqual([address])
  })
})

describe('CryptoWithdrawPage in Portuguese', () => {
  it('shows the server’s refusal of an amount over the free balance at the amount, with pt-BR figures', async () => {
    renderPage('pt-BR')
    fireEvent.change(await screen.findByLabelText('Valor'), { target: { value: '3000' } })
    fireEvent.change(screen.getByLabelText('Endereço de destino'), {
      target: { value: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAEd'.toLowerCase() },
    })
    const alert = await screen.findByRole('alert', {}, { timeout: 3_000 })
    expect(alert.textContent).toBe('Mais do que os seus USDC livres (2.500,50 USDC), com a tarifa.')
    expect(screen.getByLabelText('Valor').getAttribute('aria-describedby')).toContain(alert.id)
  })
})

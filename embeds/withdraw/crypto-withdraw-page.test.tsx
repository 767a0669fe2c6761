import { fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { parseAddress } from '../../domain/address'
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

beforeEach(() => {
  quotes.length = 0
  vi.stubGlobal('fetch', async (url: string) => {
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
    if (url.endsWith('/auth/session')) return json(session)
    if (url.includes('/withdrawals/quote?')) {
      const address = new URL(url, 'http://cash.test').searchParams.get('address') ?? ''
      quotes.push(address)
      try {
        parseAddress(address)
      } catch (error) {
        if (!(error instanceof DomainError)) throw error
        return json(
          { error: { code: error.code, message: error.message, fields: { address: error.message } } },
          error.status,
        )
      }
      return json({ error: { code: 'internal', message: 'only refusals in this test' } }, 500)
    }
    return json({ error: { code: 'not_found', message: 'Not found.' } }, 404)
  })
})
afterEach(() => vi.unstubAllGlobals())

const renderPage = (locale: Locale = 'en-US') => renderInSession(<CryptoWithdrawPage accountId={account} />, locale)

async function enter(address: string) {
  fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: '10' } })
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

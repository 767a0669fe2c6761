import { cleanup, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderInSession } from '../testing/render-in-session'
import { BankSendPage } from './bank-send-page'

const session = {
  user: { id: '20000000-0000-4000-8000-000000000001', email: 'p@demo.cash', name: 'Paula', platformRole: 'user' },
  memberships: [],
  csrfToken: 'csrf',
}

beforeEach(() => {
  vi.stubGlobal('fetch', async (url: string) => {
    const body = url.endsWith('/auth/session') ? session : { items: [] }
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
  })
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('sending to a bank with no saved recipient', () => {
  it('says what will show there and offers adding one as a button, not a small link after a sentence', async () => {
    renderInSession(<BankSendPage accountId="10000000-0000-4000-8000-000000000001" />, 'pt-BR')
    const empty = await screen.findByTestId('bank.send.empty')
    expect(empty.textContent).toContain('As contas bancárias para onde você envia aparecem aqui')
    const add = screen.getByRole('link', { name: 'Adicionar destinatário' })
    expect(add.getAttribute('href')).toBe('/app/cash/bank/send/add')
    expect(add.classList.contains('cash-button')).toBe(true)
  })
})

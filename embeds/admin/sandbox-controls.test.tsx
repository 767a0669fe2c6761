import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createApiClient } from '../lib/api-client'
import type { Locale } from '../lib/i18n'
import { renderInSession } from '../testing/render-in-session'
import { SandboxControls } from './sandbox-controls'

const session = {
  user: {
    id: '20000000-0000-4000-8000-000000000009',
    email: 'admin@demo.cash',
    name: 'Ada Admin',
    platformRole: 'admin',
  },
  memberships: [],
  csrfToken: 'csrf',
}
const target = {
  user: {
    id: '20000000-0000-4000-8000-000000000001',
    email: 'personal@demo.cash',
    name: 'Paula Pereira',
    kycStatus: 'approved',
  },
  account: {
    id: '10000000-0000-4000-8000-000000000001',
    name: 'Paula Pereira',
    kind: 'personal',
    kybStatus: 'not_required',
    depositAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
  },
  cards: [{ id: '30000000-0000-4000-8000-000000000001', last4: '4242', kind: 'virtual', status: 'active' }],
  pixCharges: [],
  authorizations: [],
  applications: [],
}
const posted: { url: string; body: unknown }[] = []

beforeEach(() => {
  posted.length = 0
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
    if (url.endsWith('/auth/session')) return json(session)
    if (url.includes('/sandbox/targets/')) return json(target)
    if (url.endsWith('/sandbox/settings')) return json({ identityDecisions: 'auto' })
    if (init.method === 'POST') posted.push({ url, body: JSON.parse(String(init.body)) })
    if (url.endsWith('/sandbox/jobs/run')) return json({ ranJobs: 0 })
    if (url.includes('/purchases')) return json({ networkId: 'net_1', approved: true })
    if (url.endsWith('/sandbox/bank/transfers')) return json({ received: true })
    return json({ error: { code: 'not_found', message: 'Not found.' } }, 404)
  })
})
afterEach(() => vi.unstubAllGlobals())

const renderControls = async (locale: Locale) => {
  renderInSession(
    <SandboxControls
      api={createApiClient()}
      who="personal@demo.cash"
      environment="development"
      onChanged={() => undefined}
    />,
    locale,
  )
  return screen.findByTestId('sandbox-controls')
}
const purchaseForm = (name: RegExp) => screen.getByRole('form', { name })
const buy = (form: HTMLElement, amount: string) => {
  const field = within(form).getByRole('textbox', { name: /(amount|valor)/i })
  fireEvent.change(field, { target: { value: amount } })
  fireEvent.submit(form)
  return field
}

// Defect 5 of issue 18: every amount field reads amounts one way, the page's (domain/typed-amount.ts).
describe('SandboxControls amounts', () => {
  it('reads a grouped Portuguese amount as the other forms do and sends the canonical decimal', async () => {
    await renderControls('pt-BR')
    buy(purchaseForm(/compra/i), '1.234,56')
    await vi.waitFor(() =>
      expect(posted.map((p) => p.body)).toContainEqual(
        expect.objectContaining({ amount: '1234.56', merchantName: 'Padaria Central' }),
      ),
    )
  })

  it(
    'reads a grouped English amount, and refuses the other language’s ' +
      'decimal comma at the field with how this page writes it',
    async () => {
      await renderControls('en-US')
      const form = purchaseForm(/purchase/i)
      const field = buy(form, '12,50')
      expect(await within(form).findByText(/decimal/i)).toBeTruthy()
      expect(field.getAttribute('aria-invalid')).toBe('true')
      expect(posted.filter((p) => p.url.includes('/purchases'))).toHaveLength(0)
      buy(form, '1,234.56')
      await vi.waitFor(() =>
        expect(posted.map((p) => p.body)).toContainEqual(expect.objectContaining({ amount: '1234.56' })),
      )
    },
  )
})

import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Locale } from '../lib/i18n'
import { renderInSession } from '../testing/render-in-session'
import { AdminUserPage } from './users-pages'

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
const paula = {
  id: '20000000-0000-4000-8000-000000000001',
  email: 'personal@demo.cash',
  name: 'Paula Pereira',
  platformRole: 'user',
  kycStatus: 'approved',
  createdAt: '2026-11-21T10:00:00.000Z',
  kycReason: null,
  kycReasonKey: null,
  language: null,
}
const detail = { user: paula, memberships: [], activeSessions: 2, openApplications: [] }

beforeEach(() => {
  vi.stubGlobal('fetch', async (url: string) => {
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
    if (url.endsWith('/auth/session')) return json(session)
    if (url.includes(`/admin/users/${paula.id}`)) return json(detail)
    if (url.includes('/admin/audit')) return json({ items: [] })
    return json({ error: { code: 'not_found', message: 'Not found.' } }, 404)
  })
})
afterEach(() => vi.unstubAllGlobals())

const show = (locale: Locale) =>
  renderInSession(<AdminUserPage title="User" params={{ userId: paula.id }} path={`/admin/user/${paula.id}`} />, locale)

describe('AdminUserPage', () => {
  it.each([
    ['en-US', 'Customer', 'Approved'],
    ['pt-BR', 'Cliente', 'Aprovada'],
  ] as const)('names the platform role and the KYC status in %s words, not as stored', async (locale, role, kyc) => {
    show(locale)
    const profile = await screen.findByTestId('admin-user.profile')
    expect(within(profile).getByText(role)).toBeTruthy()
    expect(within(profile).getByText(kyc)).toBeTruthy()
    expect(within(profile).queryByText('user')).toBeNull()
    expect(within(profile).queryByText('approved')).toBeNull()
  })
})

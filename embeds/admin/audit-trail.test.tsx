import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { stubAdminApi } from '../testing/admin-api'
import { renderInSession } from '../testing/render-in-session'
import { AuditTrail } from './audit-trail'

/** The audit trail words a reason the server gave in the admin's language, and shows an admin's own as written. */
const line = (id: string, action: string, reason: string | null, reasonMessage: unknown) => ({
  id,
  actor: { id: '20000000-0000-4000-8000-000000000009', email: 'a@demo.cash' },
  action,
  subjectType: 'manual_refund',
  subjectId: 'r-1',
  reason,
  reasonMessage,
  before: null,
  after: null,
  at: '2026-11-27T12:00:00.000Z',
})

stubAdminApi((url) => {
  if (url.includes('/admin/audit'))
    return {
      items: [
        line('40000000-0000-4000-8000-000000000002', 'manual_refund.approve_refused', null, {
          key: 'refund_second_admin',
        }),
        line('40000000-0000-4000-8000-000000000001', 'manual_refund.request', 'Lost card fraud', null),
      ],
    }
  return undefined
})

describe('AuditTrail', () => {
  it('words a refused approval’s reason in Portuguese and keeps the admin’s own reason as written', async () => {
    renderInSession(<AuditTrail subjectType="manual_refund" subjectId="r-1" />, 'pt-BR')
    const trail = (await screen.findByTestId('audit-trail')).textContent ?? ''
    expect(trail).toContain('Motivo: Um segundo administrador precisa aprovar reembolsos acima de US$ 1.000')
    expect(trail).toContain('Motivo: Lost card fraud')
    expect(trail).not.toContain('A second admin')
  })

  it('words the same reason in English', async () => {
    renderInSession(<AuditTrail subjectType="manual_refund" subjectId="r-1" />)
    const trail = (await screen.findByTestId('audit-trail')).textContent ?? ''
    expect(trail).toContain('Reason: A second admin must approve refunds above $1,000')
  })
})

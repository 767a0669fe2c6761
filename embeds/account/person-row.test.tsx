import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { I18nProvider, type Locale } from '../lib/i18n'
import { PersonRow } from './person-row'

/**
 * A company member's role picker is the standard field (the 48-px select under its label, as in the invitation
 * form), not a bare browser dropdown beside the name; it is still read with the person's name.
 */
const marco = {
  userId: '20000000-0000-4000-8000-000000000004',
  name: 'Marco Moreau',
  email: 'member@acme.demo.cash',
  role: 'member' as const,
  joinedAt: '2026-11-01T12:00:00.000Z',
}
const renderRow = (locale: Locale) =>
  render(
    <I18nProvider locale={locale}>
      <ul>
        <PersonRow
          person={marco}
          you={false}
          yourRole="owner"
          roles={['owner', 'admin', 'member']}
          owners={1}
          company="Acme Labs Ltd"
          onChangeRole={async () => undefined}
          onRemove={async () => undefined}
        />
      </ul>
    </I18nProvider>,
  )

afterEach(cleanup)

describe('a company member’s role picker', () => {
  it.each([
    ['en-US', 'Role', 'Role for Marco Moreau'],
    ['pt-BR', 'Função', 'Função de Marco Moreau'],
  ] as const)('is the standard field with its label above in %s', (locale, label, name) => {
    renderRow(locale)
    const select = screen.getByRole('combobox', { name })
    const field = select.closest('.cash-field')
    expect(field).not.toBeNull()
    expect(field?.querySelector(`label[for="${select.id}"]`)?.textContent).toBe(label)
  })

  it('marks removing the person as destructive', () => {
    renderRow('en-US')
    const remove = screen.getByRole('button', { name: 'Remove Marco Moreau' })
    expect(remove.getAttribute('data-variant')).toBe('destructive')
  })
})

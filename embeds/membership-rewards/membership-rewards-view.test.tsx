import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderView } from '../testing/render-view'
import { type MembershipReward, MembershipRewardsView } from './membership-rewards-view'

const reward: MembershipReward = {
  running: true,
  campaign: {
    id: '90000000-0000-4000-8000-000000000001',
    name: 'Membership rewards',
    startsAt: '2026-01-01T00:00:00.000Z',
    endsAt: '2026-12-31T23:59:59.000Z',
  },
  month: '2026-11',
  tier: 'luxe',
  tierName: 'Luxe',
  amount: '1234.56',
  rewards: [
    { tier: 'core', tierName: 'Core', amount: '0' },
    { tier: 'luxe', tierName: 'Luxe', amount: '1234.56' },
    { tier: 'pinnacle', tierName: 'Pinnacle', amount: '2500' },
  ],
  claimed: null,
  nextClaimFrom: '2026-12-01T00:00:00.000Z',
  poolShort: false,
}
const props = { reward, busy: false, error: null, onClaim: () => undefined }

describe('MembershipRewardsView', () => {
  it("lists each tier's monthly reward, marks the holder's, and Claim calls back", () => {
    const onClaim = vi.fn()
    renderView(<MembershipRewardsView {...props} onClaim={onClaim} />)
    const rows = screen.getAllByRole('listitem')
    expect(rows.map((r) => r.textContent)).toEqual([
      'CoreNo reward',
      'Luxe (yours)$1,234.56 a month',
      'Pinnacle$2,500.00 a month',
    ])
    expect(rows[1]!.getAttribute('aria-current')).toBe('true')
    expect(screen.getByRole('heading', { name: 'This month (November 2026)' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Claim $1,234.56' }))
    expect(onClaim).toHaveBeenCalledTimes(1)
  })

  it('claimed: says so with the next date; a short pool disables Claim; a refusal is announced', () => {
    const { unmount } = renderView(
      <MembershipRewardsView
        {...props}
        reward={{ ...reward, claimed: { amount: '1234.56', tier: 'luxe', claimedAt: '2026-11-02T09:00:00.000Z' } }}
      />,
    )
    expect(screen.getByRole('status').textContent).toBe(
      'You claimed $1,234.56 this month. The next reward can be claimed from Dec 1, 2026.',
    )
    unmount()
    renderView(<MembershipRewardsView {...props} reward={{ ...reward, poolShort: true }} error="Try again later." />)
    expect((screen.getByRole('button', { name: 'Claim $1,234.56' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByRole('alert').textContent).toBe('Try again later.')
  })

  it('with no campaign running, says so and links to all promotions', () => {
    renderView(<MembershipRewardsView {...props} reward={{ ...reward, running: false }} />)
    expect(screen.getByRole('heading', { name: 'No membership rewards running' })).toBeTruthy()
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('in Portuguese', () => {
    renderView(<MembershipRewardsView {...props} />, 'pt-BR')
    expect(screen.getByRole('heading', { name: 'Este mês (novembro de 2026)' })).toBeTruthy()
    expect(screen.getByRole('button').textContent).toBe('Resgatar US$\u00a01.234,56')
    expect(screen.getAllByRole('listitem')[1]!.textContent).toBe('Luxe (o seu)US$\u00a01.234,56 por mês')
  })
})

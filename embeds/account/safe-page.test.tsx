import { cleanup, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderInSession } from '../testing/render-in-session'
import { SafePage } from './safe-page'

/**
 * The recovery signers Cash adds are named by their kind in the page's language (the server stores no name for
 * them); a name the holder gave their own key is shown as they wrote it.
 */
const session = {
  user: { id: '20000000-0000-4000-8000-000000000001', email: 'p@demo.cash', name: 'Paula', platformRole: 'user' },
  memberships: [],
  csrfToken: 'csrf',
}
const signer = (kind: string, ownLabel: string | null) => ({
  kind,
  address: `0x${kind === 'holder' ? '1' : '2'}${'0'.repeat(39)}`,
  label: ownLabel ?? 'English',
  ownLabel,
})
let signers = [signer('platform', null), signer('third_party', null), signer('holder', null)]
const safe = () => ({
  safe: {
    address: `0x${'a'.repeat(40)}`,
    network: 'Base',
    chainId: 8453,
    status: 'deployed',
    deployTxHash: `0x${'b'.repeat(64)}`,
    deployedAt: '2026-11-21T12:00:00.000Z',
    threshold: 1,
    owners: [{ address: `0x${'c'.repeat(40)}`, name: 'Paula' }],
    recoverySigners: signers,
    recovery: null,
    securityOperations: [],
  },
  plan: null,
})

beforeEach(() => {
  vi.stubGlobal('fetch', async (url: string) => {
    const body = url.endsWith('/auth/session') ? session : safe()
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
  })
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const names = async (locale: 'en-US' | 'pt-BR') => {
  renderInSession(<SafePage accountId="10000000-0000-4000-8000-000000000001" canManage={false} />, locale)
  const list = await screen.findByTestId('safe.recovery')
  return [...list.querySelectorAll('li.cash-row > span')].map((s) => s.textContent)
}

describe('the safe’s recovery signers', () => {
  it('are named in Portuguese for a Portuguese reader, and in English otherwise', async () => {
    expect(await names('pt-BR')).toEqual(['Cash', 'Parceiro de recuperação (sandbox)', 'Sua chave de recuperação'])
    cleanup()
    expect(await names('en-US')).toEqual(['Cash', 'Recovery partner (sandbox)', 'Your recovery key'])
  })

  it('shows the name the holder gave their own key as written', async () => {
    signers = [signer('platform', null), signer('holder', 'Ledger Nano')]
    expect(await names('pt-BR')).toEqual(['Cash', 'Ledger Nano'])
  })
})

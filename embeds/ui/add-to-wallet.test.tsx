import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { webOnlyBridge, type EmbedBridge } from '../../bridge/embed-client'
import { BridgeError } from '../../bridge/protocol.schema'
import { BridgeProvider } from '../lib/bridge-context'
import { I18nProvider, type Locale } from '../lib/i18n'
import { AddToWallet, WALLET_INSTRUCTIONS } from './add-to-wallet'

const card = { id: '30000000-0000-4000-8000-000000000001', last4: '4242', nameOnCard: 'PAULA PEREIRA' }

/** A native host that offers `addToWallet` and answers it with `answer`. */
function hostBridge(platform: 'ios' | 'android', answer: () => Promise<unknown>): EmbedBridge & { calls: unknown[] } {
  const calls: unknown[] = []
  return {
    ...webOnlyBridge(),
    mode: 'host',
    capabilities: ['addToWallet'],
    has: (c) => c === 'addToWallet',
    context: {
      sessionToken: null,
      user: null,
      accountKind: 'personal',
      locale: 'en-US',
      theme: 'light',
      safeArea: { top: 0, right: 0, bottom: 0, left: 0 },
      platform,
      appVersion: 'test',
    },
    call: (async (method: string, params: unknown) => (
      calls.push({ method, params }), answer()
    )) as EmbedBridge['call'],
    calls,
  }
}
const show = (bridge: EmbedBridge, locale: Locale = 'en-US') =>
  render(
    <I18nProvider locale={locale}>
      <BridgeProvider bridge={bridge}>
        <AddToWallet card={card} />
      </BridgeProvider>
    </I18nProvider>,
  )

describe('AddToWallet', () => {
  it('without a host links to the manual steps', () => {
    show(webOnlyBridge())
    expect(screen.getByRole('link', { name: 'Add to Apple or Google Wallet' }).getAttribute('href')).toBe(
      WALLET_INSTRUCTIONS,
    )
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('in an Android host asks the host to provision the card and says it is in Google Wallet', async () => {
    const bridge = hostBridge('android', async () => ({ added: true, wallet: 'google' }))
    show(bridge)
    fireEvent.click(screen.getByRole('button', { name: 'Add to Google Wallet' }))
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'Added to Google Wallet: you can pay with your phone now.',
    )
    expect(bridge.calls).toEqual([
      { method: 'addToWallet', params: { cardId: card.id, last4: '4242', cardholderName: 'PAULA PEREIRA' } },
    ])
  })

  it('says so when the card was already in the wallet', async () => {
    show(hostBridge('ios', async () => ({ added: false, wallet: 'apple' })))
    fireEvent.click(screen.getByRole('button', { name: 'Add to Apple Wallet' }))
    expect((await screen.findByRole('status')).textContent).toBe('This card is already in Apple Wallet.')
  })

  it('goes back to the button when the holder closes the wallet sheet', async () => {
    const bridge = hostBridge('ios', async () => {
      throw new BridgeError('CANCELLED', 'closed')
    })
    show(bridge)
    fireEvent.click(screen.getByRole('button', { name: 'Add to Apple Wallet' }))
    await vi.waitFor(() => expect(bridge.calls).toHaveLength(1))
    await vi.waitFor(() =>
      expect((screen.getByRole('button', { name: 'Add to Apple Wallet' }) as HTMLButtonElement).disabled).toBe(false),
    )
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('on a device without a wallet says why, in Portuguese, and offers the manual steps', async () => {
    show(
      hostBridge('ios', async () => {
        throw new BridgeError('UNAVAILABLE', 'no wallet')
      }),
      'pt-BR',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar à Apple Wallet' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Este aparelho não consegue guardar cartões de pagamento numa carteira.')
    expect(alert.querySelector('a')?.getAttribute('href')).toBe(WALLET_INSTRUCTIONS)
  })
})

import { describe, expect, it } from 'vitest'
import { DECLINE_REASONS } from './authorization'
import { declineReason, reason } from './movement-reason'
import { title } from './movement-title'
import { kindsWithWord, movementReasonText, movementTitleText } from './movement-words'

describe('movement titles worded per language', () => {
  it('writes amounts, dates and months the language’s way', () => {
    const convert = title('convert', {
      from: 'USDC',
      fromAmount: '100000000',
      to: 'ETH',
      toAmount: '33233333333333334',
    })
    expect(movementTitleText(convert, 'en-US')).toBe('Converted 100.00 USDC for 0.033233 ETH')
    expect(movementTitleText(convert, 'pt-BR')).toBe('Conversão de 100,00 USDC em 0,033233 ETH')
    const interest = title('borrow_interest', { day: '2026-11-25', debt: '12500000' })
    expect(movementTitleText(interest, 'en-US')).toBe('Borrow interest for Nov 25, 2026 on $12.50')
    expect(movementTitleText(interest, 'pt-BR')).toBe('Juros do Borrow de 25 de nov. de 2026 sobre US$\u00a012,50')
    const reward = title('membership_reward', { tier: 'pinnacle', month: '2026-11' })
    expect(movementTitleText(reward, 'en-US')).toBe('Pinnacle membership reward · November 2026')
    expect(movementTitleText(reward, 'pt-BR')).toBe('Recompensa de membro Pinnacle · novembro de 2026')
    expect(movementTitleText(title('pix_top_up', { brl: '10050' }), 'pt-BR')).toBe('Recarga por PIX R$\u00a0100,50')
  })

  it('keeps the names people chose as they are, in every language', () => {
    const t = title('withdrawal', { asset: 'USDC', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAEd' })
    expect(movementTitleText(t, 'en-US')).toBe('USDC withdrawal to 0x5aAe…eAEd')
    expect(movementTitleText(t, 'pt-BR')).toBe('Saque de USDC para 0x5aAe…eAEd')
    expect(movementTitleText(title('merchant', { merchant: 'Padaria Real' }), 'pt-BR')).toBe('Padaria Real')
  })

  it('finds kinds by their own words in either language, accents or not', () => {
    expect(kindsWithWord('saque')).toEqual(expect.arrayContaining(['withdrawal', 'withdrawal_returned']))
    expect(kindsWithWord('deposito')).toEqual(expect.arrayContaining(['deposit', 'earn_deposit']))
    expect(kindsWithWord('Depósito')).toEqual(kindsWithWord('deposito'))
    expect(kindsWithWord('transferência')).toEqual(expect.arrayContaining(['bank_in', 'bank_returned']))
    expect(kindsWithWord('usdc')).not.toContain('deposit')
    expect(kindsWithWord('padaria')).toEqual([])
  })
})

describe('movement reasons worded per language', () => {
  it('has Portuguese for every card decline reason', () => {
    for (const code of Object.keys(DECLINE_REASONS) as (keyof typeof DECLINE_REASONS)[]) {
      const r = reason('decline', { code })
      expect(movementReasonText(r, 'en-US')).toBe(DECLINE_REASONS[code])
      expect(movementReasonText(r, 'pt-BR')).toMatch(/^Recusada: /)
    }
  })

  it('gives the returned-transfer cap in the language’s money', () => {
    const r = reason('third_party_cap', { cap: '4000000000' })
    expect(movementReasonText(r, 'en-US')).toBe(
      'Transfers from someone else are limited to $4,000 each; this one was returned to the sender.',
    )
    expect(movementReasonText(r, 'pt-BR')).toBe(
      'Transferências de outra pessoa são limitadas a US$\u00a04.000 cada; esta foi devolvida ao remetente.',
    )
  })

  it('makes a decline code a reason, and keeps a code it does not know as written', () => {
    expect(declineReason('card_frozen')).toEqual({ key: 'decline', code: 'card_frozen' })
    expect(declineReason('issuer_unavailable')).toEqual({ key: 'note', text: 'issuer_unavailable' })
  })

  it('keeps a provider’s own words as written', () => {
    expect(movementReasonText(reason('note', { text: 'Account closed' }), 'pt-BR')).toBe('Account closed')
  })
})

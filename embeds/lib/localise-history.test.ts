import { describe, expect, it } from 'vitest'
import { DECLINE_REASONS } from '../../domain/authorization'
import { localiseReason, localiseTitle } from './localise-history'

describe('movement titles and reasons in the page’s language', () => {
  it('renders the server’s composed titles in Portuguese, names and amounts kept', () => {
    expect(localiseTitle('Deposited 25 USDC in the Liquid USD vault', 'pt-BR')).toBe(
      'Depósito de 25,00 USDC no cofre Liquid USD',
    )
    expect(localiseTitle('Withdrew 15 USDC from the Liquid USD vault', 'pt-BR')).toBe(
      'Resgate de 15,00 USDC do cofre Liquid USD',
    )
    expect(localiseTitle('PIX to Fulano de Tal', 'pt-BR')).toBe('PIX para Fulano de Tal')
    expect(localiseTitle('USDC withdrawal to 0x1234…abcd', 'pt-BR')).toBe('Saque de USDC para 0x1234…abcd')
    expect(localiseTitle('Converted 100 USDC for 0.03 ETH', 'pt-BR')).toBe('Conversão de 100,00 USDC em 0,03 ETH')
    expect(localiseTitle('Card purchase · Lisbon Furniture Co. (borrowed)', 'pt-BR')).toBe(
      'Compra no cartão · Lisbon Furniture Co. (emprestado)',
    )
  })

  it('formats the amounts in a title the page’s way, never raw', () => {
    expect(localiseTitle('Converted 100 USDC for 0.033233333333333334 ETH', 'en-US')).toBe(
      'Converted 100.00 USDC for 0.033233 ETH',
    )
    expect(localiseTitle('Converted 100 USDC for 0.033233333333333334 ETH', 'pt-BR')).toBe(
      'Conversão de 100,00 USDC em 0,033233 ETH',
    )
  })

  it('writes the dollars the server put in a title as money, the page’s way', () => {
    expect(localiseTitle('Liquidation: 1250.5 USD of debt repaid from collateral', 'en-US')).toBe(
      'Liquidation: $1,250.50 of debt repaid from collateral',
    )
    expect(localiseTitle('Liquidation: 1250.5 USD of debt repaid from collateral', 'pt-BR')).toBe(
      'Liquidação: US$\u00a01.250,50 de dívida pagos com a garantia',
    )
  })

  it('writes the days and months the server put in a title as every page writes a date (issue 18 defect 13)', () => {
    expect(localiseTitle('Borrow interest for 2026-11-25 on 12.5 USD', 'en-US')).toBe(
      'Borrow interest for Nov 25, 2026 on $12.50',
    )
    expect(localiseTitle('Borrow interest for 2026-11-25 on 12.5 USD', 'pt-BR')).toBe(
      'Juros do Borrow de 25 de nov. de 2026 sobre US$\u00a012,50',
    )
    expect(localiseTitle('Pinnacle membership reward · 2026-11', 'en-US')).toBe(
      'Pinnacle membership reward · November 2026',
    )
    expect(localiseTitle('Pinnacle membership reward · 2026-11', 'pt-BR')).toBe(
      'Recompensa de membro Pinnacle · novembro de 2026',
    )
  })

  it('leaves English pages and titles it does not know (a merchant’s name) as written', () => {
    expect(localiseTitle('Deposited 25 USDC in the Liquid USD vault', 'en-US')).toBe(
      'Deposited 25.00 USDC in the Liquid USD vault',
    )
    expect(localiseTitle('Café Lisboa', 'pt-BR')).toBe('Café Lisboa')
  })

  it('gives the returned-transfer cap in the page’s number form, from the server’s grouped or older raw text', () => {
    const reason = 'Transfers from someone else are limited to $4,000 each; this one was returned to the sender.'
    expect(localiseReason(reason, 'pt-BR')).toBe(
      'Transferências de outra pessoa são limitadas a US$ 4.000 cada; esta foi devolvida ao remetente.',
    )
    expect(localiseReason(reason.replace('4,000', '4000'), 'pt-BR')).toBe(
      'Transferências de outra pessoa são limitadas a US$ 4.000 cada; esta foi devolvida ao remetente.',
    )
    expect(localiseReason(reason, 'en-US')).toBe(reason)
  })

  it('has Portuguese for every card decline reason', () => {
    for (const text of Object.values(DECLINE_REASONS)) {
      const pt = localiseReason(text, 'pt-BR')
      expect(pt, text).not.toBe(text)
      expect(pt).toMatch(/^Recusada: /)
    }
    expect(localiseReason(DECLINE_REASONS.over_daily_limit, 'en-US')).toBe(DECLINE_REASONS.over_daily_limit)
  })
})

import { describe, expect, it } from 'vitest'
import { DECLINE_REASONS } from '../../domain/authorization'
import { localiseReason } from './localise-history'

describe('movement reasons in the page’s language', () => {
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

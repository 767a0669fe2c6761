import { describe, expect, it } from 'vitest'
import { errorText } from './error-words'
import { verificationReason } from './identity'
import {
  assertCardCount,
  nextShippingStatus,
  physicalCardFee,
  PHYSICAL_CARD_FEE,
  verificationGate,
} from './card-issuing'

describe('card issuing rules', () => {
  it('opens the gate only for approved KYC (personal) or KYB (corporate), and says where to go otherwise', () => {
    expect(verificationGate('personal', 'approved')).toMatchObject({ approved: true, check: 'kyc', message: null })
    expect(verificationGate('personal', 'not_started')).toMatchObject({
      approved: false,
      link: '/app/cash/kyc',
      message: 'Your identity verification (KYC) has not been started. Complete it at /app/cash/kyc to order cards.',
    })
    expect(verificationGate('corporate', 'in_review').message).toBe(
      'Your company’s verification (KYB) is in review. You can ' +
        'order cards once it is approved; follow it at /app/cash/kyb.',
    )
    expect(
      verificationGate('personal', 'rejected', verificationReason('note', { text: 'document unreadable' })).message,
    ).toContain('was rejected (document unreadable)')
    // The page words the same gate from its data, in its language.
    const gate = verificationGate('corporate', 'in_review', null, 'safe')
    expect(gate.says).toEqual({ key: 'verification_gate', check: 'kyb', status: 'in_review', purpose: 'safe' })
    expect(errorText(gate.says!, 'pt-BR')).toBe(
      'A verificação da sua empresa (KYB) está em análise. Você poderá criar seu cofre quando ela for aprovada; ' +
        'acompanhe em /app/cash/kyb.',
    )
  })

  it('refuses a card beyond the tier’s count for its kind', () => {
    // PRODUCT.md: 3/5/10/10 virtual and 1/1/2/2 physical for Core, Luxe, Pinnacle, VIP.
    const allowed = (tier: 'core' | 'luxe' | 'pinnacle' | 'vip', kind: 'virtual' | 'physical') => {
      let n = 0
      while (n < 50) {
        try {
          assertCardCount('personal', tier, kind, n)
          n += 1
        } catch {
          break
        }
      }
      return n
    }
    expect((['core', 'luxe', 'pinnacle', 'vip'] as const).map((t) => allowed(t, 'virtual'))).toEqual([3, 5, 10, 10])
    expect((['core', 'luxe', 'pinnacle', 'vip'] as const).map((t) => allowed(t, 'physical'))).toEqual([1, 1, 2, 2])
    expect(() => assertCardCount('corporate', 'core', 'physical', 24)).not.toThrow()
    expect(() => assertCardCount('personal', 'core', 'virtual', 3)).toThrow(
      'Your Core membership allows 3 virtual cards at a time.',
    )
  })

  it('makes the first physical card free and charges each further one', () => {
    expect(physicalCardFee(0)).toBe(0n)
    expect(physicalCardFee(1)).toBe(PHYSICAL_CARD_FEE)
    expect(PHYSICAL_CARD_FEE).toBe(10_000_000n)
  })

  it('ships in order: ordered → shipped → delivered, then only the cardholder activates', () => {
    expect(nextShippingStatus('ordered')).toBe('shipped')
    expect(nextShippingStatus('shipped')).toBe('delivered')
    expect(nextShippingStatus('delivered')).toBeNull()
  })
})

describe('verificationGate wording', () => {
  it('names what the verification opens', () => {
    expect(verificationGate('corporate', 'in_review', null, 'safe').message).toBe(
      'Your company’s verification (KYB) is in review. You can create ' +
        'your safe once it is approved; follow it at /app/cash/kyb.',
    )
    expect(
      verificationGate('personal', 'rejected', verificationReason('note', { text: 'blurry photo' }), 'safe').message,
    ).toBe(
      'Your identity verification (KYC) was rejected (blurry photo). Complete it at /app/cash/kyc to create your safe.',
    )
  })
})

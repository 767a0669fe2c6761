import { describe, expect, it } from 'vitest'
import { evaluateFlag, flagBucket } from './feature-flags'

const ids = Array.from({ length: 10_000 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`)

describe('feature flag evaluation', () => {
  it('puts a person in the same bucket every time, and a different one per flag', () => {
    expect(flagBucket('signups', ids[0]!)).toBe(flagBucket('signups', ids[0]!))
    expect(flagBucket('signups', ids[0]!)).toBe(flagBucket('signups', '00000000-0000-4000-8000-000000000000'))
    const differs = ids
      .slice(0, 100)
      .filter((id) => flagBucket('signups', id) !== flagBucket('pix_shortcuts', id)).length
    expect(differs).toBeGreaterThan(80)
  })

  it('spreads people evenly over the 100 buckets', () => {
    const counts = new Array<number>(100).fill(0)
    for (const id of ids) counts[flagBucket('pix_shortcuts', id)]! += 1
    // 100 per bucket expected; a uniform hash stays well inside ±50 %.
    expect(Math.min(...counts)).toBeGreaterThan(50)
    expect(Math.max(...counts)).toBeLessThan(150)
    const on = ids.filter((id) => evaluateFlag('pix_shortcuts', { enabled: true, rolloutPercent: 25 }, id)).length
    expect(on / ids.length).toBeGreaterThan(0.22)
    expect(on / ids.length).toBeLessThan(0.28)
  })

  it('only adds people when the rollout grows', () => {
    const at10 = ids.filter((id) => evaluateFlag('k', { enabled: true, rolloutPercent: 10 }, id))
    expect(at10.every((id) => evaluateFlag('k', { enabled: true, rolloutPercent: 50 }, id))).toBe(true)
  })

  it('lets an override win over the flag, and keeps a disabled flag off otherwise', () => {
    expect(evaluateFlag('k', { enabled: false, rolloutPercent: 100 }, ids[1]!, true)).toBe(true)
    expect(evaluateFlag('k', { enabled: true, rolloutPercent: 100 }, ids[1]!, false)).toBe(false)
    expect(evaluateFlag('k', { enabled: false, rolloutPercent: 100 }, ids[1]!)).toBe(false)
    expect(evaluateFlag('k', { enabled: true, rolloutPercent: 0 }, ids[1]!)).toBe(false)
    expect(evaluateFlag('k', { enabled: true, rolloutPercent: 100 }, ids[1]!)).toBe(true)
  })

  it('turns a flag on for anonymous callers only when it is on for everyone', () => {
    expect(evaluateFlag('signups', { enabled: true, rolloutPercent: 100 }, null)).toBe(true)
    expect(evaluateFlag('signups', { enabled: true, rolloutPercent: 99 }, null)).toBe(false)
    expect(evaluateFlag('signups', { enabled: false, rolloutPercent: 100 }, null, true)).toBe(false)
  })
})

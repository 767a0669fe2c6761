import { describe, expect, it } from 'vitest'
import { formatClock, formatSeconds } from './use-countdown'

describe('a countdown as people read it', () => {
  it('shows minutes and seconds under an hour, and hours from an hour on', () => {
    expect(formatSeconds(0)).toBe('0:00')
    expect(formatSeconds(65)).toBe('1:05')
    expect(formatSeconds(3599)).toBe('59:59')
    expect(formatSeconds(3600)).toBe('1:00:00')
    // what a safe's 3-day delay shows after its days: 23:59:00, not 1439:00
    expect(formatSeconds(86_340)).toBe('23:59:00')
    // after the days, hours always show: 3 d 0:00:00
    expect(formatClock(0)).toBe('0:00:00')
    expect(formatClock(86_340)).toBe('23:59:00')
  })
})

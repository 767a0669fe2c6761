import { describe, expect, it } from 'vitest'
import { startOfDay, startOfMonth } from './calendar'

describe('holder-local calendar', () => {
  it('starts the day at local midnight in the holder’s time zone', () => {
    // 02:00 UTC on the 21st is still the 20th in São Paulo (UTC−3).
    expect(startOfDay(new Date('2026-11-21T02:00:00Z'), 'America/Sao_Paulo').toISOString()).toBe(
      '2026-11-20T03:00:00.000Z',
    )
    expect(startOfDay(new Date('2026-11-21T12:00:00Z'), 'Asia/Tokyo').toISOString()).toBe('2026-11-20T15:00:00.000Z')
  })

  it('starts the month on the 1st, local time, across a DST change', () => {
    // Lisbon is UTC+1 on 1 October (summer time) though the instant is in November (UTC+0).
    expect(startOfMonth(new Date('2026-10-31T23:30:00Z'), 'Europe/Lisbon').toISOString()).toBe(
      '2026-09-30T23:00:00.000Z',
    )
    expect(startOfMonth(new Date('2026-11-21T12:00:00Z'), 'UTC').toISOString()).toBe('2026-11-01T00:00:00.000Z')
  })
})

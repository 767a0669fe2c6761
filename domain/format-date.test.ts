import { describe, expect, it } from 'vitest'
import { formatDate } from './format-date'

describe('formatDate', () => {
  const at = '2026-11-25T16:05:00.000Z'
  it('shows a day the same way in every style family, per language', () => {
    expect(formatDate(at, 'en-US', 'date', 'UTC')).toBe('Nov 25, 2026')
    expect(formatDate(at, 'pt-BR', 'date', 'UTC')).toBe('25 de nov. de 2026')
    expect(formatDate(at, 'en-US', 'longDate', 'UTC')).toBe('November 25, 2026')
    expect(formatDate(at, 'en-US', 'dayMonth', 'UTC')).toBe('Nov 25')
  })
  it('adds the time where it matters, in the zone asked for', () => {
    expect(formatDate(at, 'en-US', 'dateTime', 'UTC')).toBe('Nov 25, 2026, 4:05 PM')
    expect(formatDate(at, 'pt-BR', 'dateTime', 'America/Sao_Paulo')).toBe('25 de nov. de 2026, 13:05')
    expect(formatDate(new Date(at), 'en-US', 'time', 'UTC')).toBe('4:05 PM')
  })
})

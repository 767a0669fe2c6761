import { describe, expect, it } from 'vitest'
import {
  calendarDay,
  deviceTimeZone,
  formatAge,
  formatDate,
  formatDay,
  formatDuration,
  formatMonth,
} from './format-date'

describe('formatDate', () => {
  const at = '2026-11-25T16:05:09.000Z'
  it('shows a day the same way in every style family, per language: the month in words, never all digits', () => {
    expect(formatDate(at, 'en-US', 'date', 'UTC')).toBe('Nov 25, 2026')
    expect(formatDate(at, 'pt-BR', 'date', 'UTC')).toBe('25 de nov. de 2026')
    expect(formatDate(at, 'en-US', 'dayMonth', 'UTC')).toBe('Nov 25')
    expect(formatDate(at, 'pt-BR', 'dayMonth', 'UTC')).toBe('25 de nov.')
  })
  it('adds the time where it matters, in the zone asked for', () => {
    expect(formatDate(at, 'en-US', 'dateTime', 'UTC')).toBe('Nov 25, 2026, 4:05 PM')
    expect(formatDate(at, 'pt-BR', 'dateTime', 'America/Sao_Paulo')).toBe('25 de nov. de 2026, 13:05')
    expect(formatDate(new Date(at), 'en-US', 'time', 'UTC')).toBe('4:05 PM')
    expect(formatDate(Date.parse(at), 'pt-BR', 'time', 'UTC')).toBe('16:05')
  })
  it('takes the day in the zone asked for: late evening in São Paulo is the next day in UTC', () => {
    expect(formatDate('2026-11-26T01:00:00Z', 'en-US', 'date', 'America/Sao_Paulo')).toBe('Nov 25, 2026')
    expect(formatDate('2026-11-26T01:00:00Z', 'en-US', 'date', 'UTC')).toBe('Nov 26, 2026')
  })
  it('stamps the back office in UTC, to the second and labelled, whatever zone is asked for', () => {
    expect(formatDate(at, 'en-US', 'stamp')).toBe('Nov 25, 2026, 4:05:09 PM UTC')
    expect(formatDate(at, 'pt-BR', 'stamp', 'America/Sao_Paulo')).toBe('25 de nov. de 2026, 16:05:09 UTC')
  })
  it('names a month in words for statements and monthly points', () => {
    expect(formatDate(at, 'en-US', 'month', 'UTC')).toBe('November 2026')
    expect(formatMonth('2026-11', 'pt-BR')).toBe('novembro de 2026')
    expect(formatMonth('2026-01', 'en-US')).toBe('January 2026')
  })
})

describe('formatDay', () => {
  const now = new Date('2026-11-26T15:00:00Z')
  it('says Today and Yesterday in the page’s language, then the date', () => {
    expect(formatDay('2026-11-26T08:00:00Z', 'en-US', now, 'UTC')).toBe('Today')
    expect(formatDay('2026-11-25T23:59:00Z', 'en-US', now, 'UTC')).toBe('Yesterday')
    expect(formatDay('2026-11-26T08:00:00Z', 'pt-BR', now, 'UTC')).toBe('Hoje')
    expect(formatDay('2026-11-25T08:00:00Z', 'pt-BR', now, 'UTC')).toBe('Ontem')
    expect(formatDay('2026-11-24T08:00:00Z', 'en-US', now, 'UTC')).toBe('Nov 24, 2026')
    expect(formatDay('2026-11-24T08:00:00Z', 'pt-BR', now, 'UTC')).toBe('24 de nov. de 2026')
  })
  it('counts days in the zone given, across a month’s end', () => {
    // 02:00 UTC on the 1st is still the 30th in São Paulo, where "now" is the 1st at noon.
    expect(formatDay('2026-12-01T02:00:00Z', 'en-US', new Date('2026-12-01T15:00:00Z'), 'America/Sao_Paulo')).toBe(
      'Yesterday',
    )
    expect(formatDay('2026-12-01T02:00:00Z', 'en-US', new Date('2026-12-01T15:00:00Z'), 'UTC')).toBe('Today')
  })
})

describe('calendarDay', () => {
  it('is the day in the zone asked for, as YYYY-MM-DD', () => {
    expect(calendarDay('2026-12-01T02:00:00Z', 'America/Sao_Paulo')).toBe('2026-11-30')
    expect(calendarDay('2026-12-01T02:00:00Z', 'UTC')).toBe('2026-12-01')
    expect(calendarDay('2026-12-01T02:00:00Z')).toBe('2026-12-01')
  })
})

describe('formatAge', () => {
  const now = Date.parse('2026-11-26T15:00:00Z')
  it('says how long ago in minutes, then hours, then days, in the page’s language', () => {
    expect(formatAge('2026-11-26T14:57:00Z', 'en-US', now)).toBe('3 minutes ago')
    expect(formatAge('2026-11-26T14:57:00Z', 'pt-BR', now)).toBe('há 3 minutos')
    expect(formatAge('2026-11-26T10:00:00Z', 'en-US', now)).toBe('5 hours ago')
    expect(formatAge('2026-11-23T15:00:00Z', 'en-US', now)).toBe('3 days ago')
  })
})

describe('deviceTimeZone', () => {
  it('is the process’s zone (UTC in tests)', () => {
    expect(deviceTimeZone()).toBe('UTC')
  })
})

describe('a rule’s length in words', () => {
  it('says it in its largest whole unit, in the reader’s language', () => {
    expect(formatDuration(3 * 86_400, 'en-US')).toBe('3 days')
    expect(formatDuration(3 * 86_400, 'pt-BR')).toBe('3 dias')
    expect(formatDuration(86_400, 'en-US')).toBe('1 day')
    expect(formatDuration(24 * 3600 + 3600, 'en-US')).toBe('25 hours')
    expect(formatDuration(90, 'pt-BR')).toBe('90 segundos')
  })
})

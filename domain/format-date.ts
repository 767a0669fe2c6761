/**
 * How the app shows a moment: `date` "Nov 25, 2026" / "25 de nov. de 2026", `dateTime` "Nov 25, 2026, 4:05 PM",
 * `time` "4:05 PM", `longDate` "November 25, 2026" (a campaign's rules), `dayMonth` "Nov 25" (a chart's axis).
 */
export type DateStyle = 'date' | 'dateTime' | 'time' | 'longDate' | 'dayMonth'

const OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'medium' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  time: { timeStyle: 'short' },
  longDate: { dateStyle: 'long' },
  dayMonth: { day: 'numeric', month: 'short' },
}

const formatters = new Map<string, Intl.DateTimeFormat>()

/**
 * The one date formatter every screen uses, so a date reads the same on every page. `timeZone` is the reader's
 * by default; windows defined in UTC (campaigns, admin audit) pass `'UTC'`. An ISO string, a Date or epoch ms.
 */
export function formatDate(at: string | number | Date, locale: string, style: DateStyle = 'date', timeZone?: string): string {
  const key = `${locale}|${style}|${timeZone ?? ''}`
  let f = formatters.get(key)
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...OPTIONS[style], ...(timeZone ? { timeZone } : {}) })
    formatters.set(key, f)
  }
  return f.format(at instanceof Date ? at : new Date(at))
}

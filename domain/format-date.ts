import { localDays } from './calendar'

/**
 * How the app shows a moment (docs/dates.md). The named formats, en-US / pt-BR:
 * - `date` "Nov 26, 2026" / "26 de nov. de 2026": any day (a card's arrival, a cashback's payday, a session's start);
 * - `dateTime` "Nov 26, 2026, 4:05 PM" / "26 de nov. de 2026, 16:05": a movement, a timeline step, an expiry;
 * - `time` "4:05 PM" / "16:05": a moment later today (a retry, a link's expiry);
 * - `dayMonth` "Nov 26" / "26 de nov.": a chart's axis, where the year is the chart's;
 * - `month` "November 2026" / "novembro de 2026": a statement or a month's points;
 * - `stamp` "Nov 26, 2026, 4:05:09 PM UTC" / "26 de nov. de 2026, 16:05:09 UTC": the back office, always in UTC.
 * The order of day and month is the locale's; a date is never all digits ("11/12" is a different day in each
 * language) and never a raw ISO string.
 */
export type DateStyle = 'date' | 'dateTime' | 'time' | 'dayMonth' | 'month' | 'stamp'

const OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'medium' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  time: { timeStyle: 'short' },
  dayMonth: { day: 'numeric', month: 'short' },
  month: { month: 'long', year: 'numeric' },
  stamp: {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  },
}

const formatters = new Map<string, Intl.DateTimeFormat>()

/** One formatter per locale, style and zone: building an Intl.DateTimeFormat costs far more than using one. */
function formatter(locale: string, style: DateStyle, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${locale}|${style}|${timeZone ?? ''}`
  let f = formatters.get(key)
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...OPTIONS[style], ...(timeZone && style !== 'stamp' ? { timeZone } : {}) })
    formatters.set(key, f)
  }
  return f
}

const toDate = (at: string | number | Date) => (at instanceof Date ? at : new Date(at))

/**
 * The one date formatter every screen uses, so a date reads the same on every page. `timeZone` is the holder
 * account's where the page has it, else left out for the device's; windows defined in UTC (campaigns, a
 * membership month) pass `'UTC'`; `stamp` is always UTC. An ISO string, a Date or epoch ms.
 */
export function formatDate(
  at: string | number | Date,
  locale: string,
  style: DateStyle = 'date',
  timeZone?: string,
): string {
  return formatter(locale, style, timeZone).format(toDate(at))
}

/**
 * A calendar month written `YYYY-MM` (a membership month, a leaderboard's) as `month` shows it: "November 2026".
 * Anything else is shown as it came rather than breaking the page.
 */
export function formatMonth(month: string, locale: string): string {
  return /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? formatDate(`${month}-01T00:00:00Z`, locale, 'month', 'UTC') : month
}

/**
 * The calendar day of a moment in a zone (the device's if left out), as `YYYY-MM-DD`: the key a list groups its
 * rows by day with (domain/calendar.ts, as the server counts a holder's days).
 */
export function calendarDay(at: string | number | Date, timeZone?: string): string {
  return localDays(toDate(at), timeZone ?? deviceTimeZone()).today
}

const relatives = new Map<string, Intl.RelativeTimeFormat>()

function relative(locale: string): Intl.RelativeTimeFormat {
  let r = relatives.get(locale)
  if (!r) {
    r = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
    relatives.set(locale, r)
  }
  return r
}

/**
 * A day as a list's group header reads it: "Today" / "Hoje", "Yesterday" / "Ontem", else the `date`. `now` is passed in
 * (the page's clock) so tests are deterministic; both days are taken in `timeZone` (the device's if left out).
 */
export function formatDay(at: string | number | Date, locale: string, now: Date, timeZone?: string): string {
  const day = calendarDay(at, timeZone)
  const today = calendarDay(now, timeZone)
  const yesterday = calendarDay(Date.parse(`${today}T12:00:00Z`) - 86_400_000, 'UTC')
  const offset = day === today ? 0 : day === yesterday ? -1 : null
  if (offset === null) return formatDate(at, locale, 'date', timeZone)
  const word = relative(locale).format(offset, 'day')
  return word.charAt(0).toLocaleUpperCase(locale) + word.slice(1)
}

/**
 * How long ago (or how soon) a moment is, for a queue's age: "3 minutes ago" / "há 3 minutos", "5 hours ago",
 * "2 days ago"; minutes under an hour, hours under two days, then days. `now` is the page's clock, in epoch ms.
 */
export function formatAge(at: string | number | Date, locale: string, now: number): string {
  const minutes = Math.round((toDate(at).getTime() - now) / 60_000)
  if (Math.abs(minutes) < 60) return relative(locale).format(minutes, 'minute')
  if (Math.abs(minutes) < 48 * 60) return relative(locale).format(Math.round(minutes / 60), 'hour')
  return relative(locale).format(Math.round(minutes / 1440), 'day')
}

/**
 * A rule's length in words, in its largest whole unit: "3 days" / "3 dias", "24 hours", "90 seconds"; a delay a page or
 * an article states from the constant that enforces it.
 */
export function formatDuration(seconds: number, locale: string): string {
  const [unit, size] =
    seconds % 86_400 === 0
      ? (['day', 86_400] as const)
      : seconds % 3600 === 0
        ? (['hour', 3600] as const)
        : seconds % 60 === 0
          ? (['minute', 60] as const)
          : (['second', 1] as const)
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(seconds / size)
}

/** The device's time zone (an IANA name), the zone a page uses when it does not know the account's. */
export function deviceTimeZone(): string {
  return formatter('en-US', 'date', undefined).resolvedOptions().timeZone || 'UTC'
}

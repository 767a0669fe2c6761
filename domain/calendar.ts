const formats = new Map<string, Intl.DateTimeFormat>()

/** One formatter per zone: building an Intl.DateTimeFormat costs far more than using one (every card decision asks). */
function formatIn(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formats.set(zone, format)
  }
  return format
}

/** The offset of `zone` from UTC at `instant`, in milliseconds. */
function zoneOffsetMs(instant: Date, zone: string): number {
  const parts = formatIn(zone).formatToParts(instant)
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'))
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000
}

/** Local calendar fields of `instant` in `zone`. */
function localDate(instant: Date, zone: string): { year: number; month: number; day: number } {
  const local = new Date(instant.getTime() + zoneOffsetMs(instant, zone))
  return { year: local.getUTCFullYear(), month: local.getUTCMonth(), day: local.getUTCDate() }
}

/** The UTC instant of local midnight on a local date in `zone` (DST-safe to the hour). */
function localMidnight(year: number, month: number, day: number, zone: string): Date {
  const guess = new Date(Date.UTC(year, month, day))
  const first = new Date(guess.getTime() - zoneOffsetMs(guess, zone))
  return new Date(guess.getTime() - zoneOffsetMs(first, zone))
}

const isoDate = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`

/**
 * The holder's local date of `instant` and the first of its month, as `YYYY-MM-DD` (how SQL `date` columns take them).
 */
export function localDays(instant: Date, zone: string): { today: string; monthFirst: string } {
  const { year, month, day } = localDate(instant, zone)
  return { today: isoDate(year, month, day), monthFirst: isoDate(year, month, 1) }
}

/** Start of the holder's day containing `instant`, in their time zone. */
export function startOfDay(instant: Date, zone: string): Date {
  const { year, month, day } = localDate(instant, zone)
  return localMidnight(year, month, day, zone)
}

/** Start of the holder's calendar month containing `instant`, in their time zone. */
export function startOfMonth(instant: Date, zone: string): Date {
  const { year, month } = localDate(instant, zone)
  return localMidnight(year, month, 1, zone)
}

/** True when `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

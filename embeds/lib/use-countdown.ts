import { useEffect, useState } from 'react'

/** Seconds left until `until` (never below zero), ticking every second. */
export function useCountdown(until: string | null): number {
  const left = () => (until ? Math.max(0, Math.ceil((new Date(until).getTime() - Date.now()) / 1000)) : 0)
  const [seconds, setSeconds] = useState(left)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `left` reads only `until`
  useEffect(() => {
    setSeconds(left())
    const timer = setInterval(() => setSeconds(left()), 1000)
    return () => clearInterval(timer)
  }, [until])
  return seconds
}

const two = (n: number) => String(n).padStart(2, '0')

/** `h:mm:ss`, hours included even at 0: what is left of a day after a countdown's days. */
export const formatClock = (total: number) =>
  `${Math.floor(total / 3600)}:${two(Math.floor((total % 3600) / 60))}:${two(total % 60)}`

/** `m:ss` under an hour, `h:mm:ss` from an hour on (a safe's 3-day delay never reads as thousands of minutes). */
export function formatSeconds(total: number): string {
  return total >= 3600 ? formatClock(total) : `${Math.floor(total / 60)}:${two(total % 60)}`
}

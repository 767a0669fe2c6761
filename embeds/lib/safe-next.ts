/**
 * Where to return after sign-in: only a path inside /app/cash, never another site. The path is judged as the browser
 * reads it, dot segments resolved: `/app/cash/../..//evil.example` is `//evil.example`, another site.
 */
export function safeNext(value: string | null | undefined, fallback = '/app/cash'): string {
  if (!value?.startsWith('/app/cash') || value.startsWith('//') || value.includes('\\')) return fallback
  try {
    const url = new URL(value, 'http://cash.invalid')
    const inside = url.pathname === '/app/cash' || url.pathname.startsWith('/app/cash/')
    return url.host === 'cash.invalid' && inside ? `${url.pathname}${url.search}` : fallback
  } catch {
    return fallback
  }
}

/** Where to return after sign-in: only a path inside /app/cash, never another site. */
export function safeNext(value: string | null | undefined, fallback = '/app/cash'): string {
  if (!value?.startsWith('/app/cash') || value.startsWith('//') || value.includes('\\')) return fallback
  try {
    const url = new URL(value, 'http://cash.invalid')
    return url.host === 'cash.invalid' ? `${url.pathname}${url.search}` : fallback
  } catch {
    return fallback
  }
}

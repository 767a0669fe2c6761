import { SessionResponse } from '../../domain/api/auth.schema'

/**
 * The first data the server put in the page (the `cash-boot` block: server/http/static-pages.ts): the browser's cookie
 * session, or null when it has none. `undefined` when the page carries none (a build served otherwise, a test):
 * the session is then asked for, as before. Read once; anything malformed counts as absent.
 */
export function bootSession(doc: Document = document): SessionResponse | null | undefined {
  const text = doc.getElementById('cash-boot')?.textContent
  if (!text) return undefined
  try {
    const data = JSON.parse(text) as { session?: unknown }
    if (data.session === null) return null
    const parsed = SessionResponse.safeParse(data.session)
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

/** What a back-office search box was given: an id, a safe address, an e-mail, last 4 digits, or free text. */
export type SearchTerm =
  | { kind: 'id'; value: string }
  | { kind: 'address'; value: string }
  | { kind: 'email'; value: string }
  | { kind: 'last4'; value: string }
  | { kind: 'text'; value: string }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Reads a search box case-insensitively; ids and addresses are lower-cased, e-mails match as a prefix. */
export function parseSearch(raw: string): SearchTerm {
  const value = raw.trim()
  if (UUID.test(value)) return { kind: 'id', value: value.toLowerCase() }
  if (/^0x[0-9a-f]{1,40}$/i.test(value)) return { kind: 'address', value: value.toLowerCase() }
  if (value.includes('@')) return { kind: 'email', value: value.toLowerCase() }
  if (/^\d{4}$/.test(value)) return { kind: 'last4', value }
  return { kind: 'text', value: value.toLowerCase() }
}

/** A LIKE pattern matching `value` literally at the start (prefix) or anywhere. */
export const likePattern = (value: string, where: 'prefix' | 'anywhere') => {
  const escaped = value.replace(/[\\%_]/g, (c) => `\\${c}`)
  return where === 'prefix' ? `${escaped}%` : `%${escaped}%`
}

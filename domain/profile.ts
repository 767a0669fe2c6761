/** Languages Cash speaks; a user's choice overrides the device's. */
export const LANGUAGES = ['en', 'pt-BR'] as const
export type Language = (typeof LANGUAGES)[number]

const E164 = /^\+[1-9]\d{6,14}$/

/**
 * A phone number as E.164 (`+5511987654321`), after dropping the spaces, dashes, dots and brackets people
 * type (`+55 (11) 98765-4321`); null when it is not one. The `+` and country code are required.
 */
export function normalizePhone(input: string): string | null {
  const compact = input.trim().replace(/[\s().-]/g, '')
  return E164.test(compact) ? compact : null
}

/** Which account's time zone the profile shows: the personal account the user holds, else their first company. */
export function timeZoneAccount<M extends { accountKind: 'personal' | 'corporate'; role: string }>(
  memberships: readonly M[],
): (M & { editable: boolean }) | null {
  const personal = memberships.find((m) => m.accountKind === 'personal' && m.role === 'holder')
  if (personal) return { ...personal, editable: true }
  const company = memberships.find((m) => m.accountKind === 'corporate')
  // A company's day (its spending-limit and alert days) is its owners' and admins' to change, not a member's.
  return company ? { ...company, editable: company.role === 'owner' || company.role === 'admin' } : null
}

import { PERSONAS } from '../../fixtures/personas'

/** What POST /auth/sign-in answers a native client for a demo persona, in component tests that stub the API. */
export function personaSession(email: string) {
  const who = PERSONAS.find((p) => p.email === email)!
  return {
    user: { id: who.id, email, name: who.name, platformRole: who.platformRole },
    memberships: [],
    token: `token-of-${email}`,
  }
}

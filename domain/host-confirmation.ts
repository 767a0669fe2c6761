/**
 * How a native host answers a confirmation challenge (issue 19; docs/architecture-notes.md, "Confirmation";
 * docs/bridge.md, `confirm`). At native sign-in the server hands the app a per-session `confirmSecret` (beside the
 * bearer token, once); the host keeps it behind the biometric check and never gives it to the webview. To approve a
 * money movement the embed fetches a challenge (POST /auth/confirmations/challenge) and passes it to the host in
 * the bridge's `confirm`; after the check the host answers with
 *
 *   signature = base64url(HMAC-SHA256(key = base64url-decode(confirmSecret),
 *                                     message = UTF-8("cash-confirm:" + challenge)))
 *
 * which the embed sends as `{ method: 'host', challengeId, signature }`. WebCrypto, so hosts, the QA host and tests
 * share it; the server checks with node:crypto (server/auth/confirmation-challenge.ts).
 */
export const HOST_CONFIRM_PREFIX = 'cash-confirm:'

export function base64urlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const b64 = text.replaceAll('-', '+').replaceAll('_', '/')
  const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4))
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

export function bytesToBase64url(bytes: Uint8Array): string {
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}

/** The host's answer to `challenge`, with the session's confirm secret. */
export async function signHostChallenge(confirmSecret: string, challenge: string): Promise<string> {
  const key = await globalThis.crypto.subtle.importKey(
    'raw',
    base64urlToBytes(confirmSecret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  const mac = await globalThis.crypto.subtle.sign(
    'HMAC',
    key,
    new TextEncoder().encode(HOST_CONFIRM_PREFIX + challenge),
  )
  return bytesToBase64url(new Uint8Array(mac))
}

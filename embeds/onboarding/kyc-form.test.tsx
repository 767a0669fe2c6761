import { fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Locale } from '../lib/i18n'
import { renderInSession } from '../testing/render-in-session'
import { KycForm } from './kyc-form'

const session = {
  user: { id: '20000000-0000-4000-8000-000000000001', email: 'maria@example.com', name: 'Maria', platformRole: null },
  memberships: [],
  csrfToken: 'csrf',
}
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
let finishUpload: () => void
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

beforeEach(() => {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (url.endsWith('/auth/session')) return json(session)
    if (init.method === 'POST' && url.endsWith('/identity/documents')) {
      await new Promise<void>((resolve) => {
        finishUpload = resolve
      })
      return json({
        id: '50000000-0000-4000-8000-000000000001',
        kind: 'selfie',
        fileName: 'selfie.png',
        size: PNG.length,
        mime: 'image/png',
      })
    }
    return json({ error: { code: 'not_found', message: 'Not found.' } }, 404)
  })
})
afterEach(() => vi.unstubAllGlobals())

describe.each([
  ['en-US', 'Submit for verification', 'Uploading your files…'],
  ['pt-BR', 'Enviar para verificação', 'Enviando seus arquivos…'],
] as const)('KycForm in %s', (locale: Locale, submit, uploading) => {
  it('holds its submit button while a chosen file is still uploading, then gives it back', async () => {
    const { container } = renderInSession(<KycForm onSubmitted={() => {}} />, locale)
    await screen.findByRole('button', { name: submit })
    const selfie = container.querySelector('[data-testid="kyc.selfie"] input[type=file]')!
    fireEvent.change(selfie, { target: { files: [new File([PNG], 'selfie.png', { type: 'image/png' })] } })
    const held = await screen.findByRole('button', { name: uploading })
    expect((held as HTMLButtonElement).disabled).toBe(true)
    finishUpload()
    const ready = await screen.findByRole('button', { name: submit })
    expect((ready as HTMLButtonElement).disabled).toBe(false)
    expect(container.querySelector('[data-testid="kyc.selfie"] [role=status]')?.textContent).toContain('selfie.png')
    expect(container.querySelector('[data-testid="kyc.selfie"] [role=alert]')).toBeNull()
  })
})

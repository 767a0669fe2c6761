import { fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Locale } from '../lib/i18n'
import { renderInSession } from '../testing/render-in-session'
import { FeedbackPage } from './feedback-page'

const session = {
  user: {
    id: '20000000-0000-4000-8000-000000000001',
    email: 'personal@demo.cash',
    name: 'Paula Pereira',
    platformRole: 'user',
  },
  memberships: [],
  csrfToken: 'csrf',
}
let answer: { status: number; body: unknown }
const posted: unknown[] = []

beforeEach(() => {
  posted.length = 0
  answer = {
    status: 201,
    body: {
      id: '40000000-0000-4000-8000-000000000001',
      rating: 5,
      message: 'Great app',
      page: null,
      createdAt: '2026-11-21T12:00:00.000Z',
    },
  }
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
    if (url.endsWith('/auth/session')) return json(session)
    if (url.endsWith('/support/feedback')) {
      posted.push(JSON.parse(String(init.body)))
      return json(answer.body, answer.status)
    }
    return json({ error: { code: 'not_found', message: 'Not found.' } }, 404)
  })
})
afterEach(() => vi.unstubAllGlobals())

const renderPage = (locale: Locale = 'en-US') => renderInSession(<FeedbackPage />, locale)

describe('FeedbackPage', () => {
  it('shows both errors at their fields before sending anything, in Portuguese', async () => {
    renderPage('pt-BR')
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar feedback' }))
    expect(screen.getByText('Escolha uma nota de 1 a 5.')).toBeTruthy()
    const message = screen.getByLabelText('Sua mensagem')
    expect(message.getAttribute('aria-invalid')).toBe('true')
    expect(message.getAttribute('aria-describedby')).toContain('feedback-message-error')
    expect(document.getElementById('feedback-message-error')?.textContent).toBe('Escreva uma mensagem.')
    expect(screen.getByLabelText('1 – Muito ruim').getAttribute('aria-describedby')).toBe('feedback-rating-error')
    expect(posted).toEqual([])
  })

  it('sends the rating and trimmed message, counts characters, then thanks the holder', async () => {
    renderPage()
    fireEvent.click(await screen.findByLabelText('5 – Great'))
    fireEvent.change(screen.getByLabelText('Your message'), { target: { value: '  Great app ' } })
    expect(screen.getByText('12 of 2,000 characters')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }))
    expect(await screen.findByRole('heading', { name: 'Thank you for your feedback' })).toBeTruthy()
    expect(posted).toEqual([{ rating: 5, message: 'Great app' }])
    fireEvent.click(screen.getByRole('button', { name: 'Send another message' }))
    expect((screen.getByLabelText('Your message') as HTMLTextAreaElement).value).toBe('')
  })

  it('words the hourly limit in the page language, with the time to try again', async () => {
    answer = {
      status: 429,
      body: {
        error: {
          code: 'rate_limited',
          message: 'You can send up to 10 feedback messages an hour. Try again after 13:00 UTC.',
          details: { retryAt: '2026-11-21T13:00:00.000Z', limit: 10 },
        },
      },
    }
    renderPage('pt-BR')
    fireEvent.click(await screen.findByLabelText('3 – Razoável'))
    fireEvent.change(screen.getByLabelText('Sua mensagem'), { target: { value: 'Mais uma' } })
    fireEvent.click(screen.getByRole('button', { name: 'Enviar feedback' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Você pode enviar até 10 mensagens por hora. Tente de novo depois das 13:00.',
    )
  })
})

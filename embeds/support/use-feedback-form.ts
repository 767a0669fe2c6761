import { useState, type FormEvent } from 'react'
import { FEEDBACK_MESSAGE_MAX, FeedbackBody, FeedbackView } from '../../domain/api/support.schema'
import { formatDate } from '../../domain/format-date'
import { ApiError } from '../lib/api-client'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'

type Field = 'rating' | 'message'

/** Where the holder came from (`?from=/app/cash/...`), kept only when it is one of our paths. */
function fromPage(): string | undefined {
  const from = new URLSearchParams(window.location.search).get('from') ?? undefined
  return FeedbackBody.shape.page.safeParse(from).success ? from : undefined
}

/**
 * The feedback form: checked with the schema the server enforces, so a missing rating or message shows at
 * its field before anything is sent, in the page's language; the hourly limit says when to try again.
 */
export function useFeedbackForm() {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const [rating, setRating] = useState('')
  const [message, setMessage] = useState('')
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [sent, setSent] = useState<FeedbackView | null>(null)

  const messageError = (value: string) =>
    value.trim() === ''
      ? t('support.feedback.error.messageEmpty')
      : t('support.feedback.error.messageLong', { max: String(FEEDBACK_MESSAGE_MAX) })
  const fieldErrors = (fields: Record<string, string>) => ({
    ...(fields.rating ? { rating: t('support.feedback.error.rating') } : {}),
    ...(fields.message ? { message: messageError(message) } : {}),
  })

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    if (busy) return
    setFormError(null)
    const parsed = FeedbackBody.safeParse({ rating, message, page: fromPage() })
    if (!parsed.success) {
      setErrors(fieldErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]))))
      return
    }
    setErrors({})
    setBusy(true)
    try {
      setSent(await api.post('/support/feedback', FeedbackView, parsed.data))
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(fieldErrors(error.fields))
      else if (
        error instanceof ApiError &&
        error.code === 'rate_limited' &&
        typeof error.details.retryAt === 'string'
      ) {
        const time = formatDate(error.details.retryAt, locale, 'time')
        setFormError(t('support.feedback.rateLimited', { limit: String(error.details.limit ?? ''), time }))
      } else setFormError(error instanceof Error ? error.message : String(error))
    } finally {
      setBusy(false)
    }
  }

  const reset = () => {
    setSent(null)
    setRating('')
    setMessage('')
  }

  return {
    rating: {
      value: rating,
      error: errors.rating,
      onChange: (v: string) => (setRating(v), setErrors(({ rating: _r, ...rest }) => rest)),
    },
    message: {
      value: message,
      error: errors.message,
      onChange: (v: string) => (setMessage(v), setErrors(({ message: _m, ...rest }) => rest)),
    },
    formError,
    busy,
    sent,
    onSubmit,
    reset,
  }
}

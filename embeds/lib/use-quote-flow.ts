import { useRef, useState } from 'react'
import { ConversionResult, QuoteExpiredDetails, type QuoteView } from '../../domain/api/grow.schema'
import type { Confirmation } from '../ui/confirm-sheet'
import { ApiError } from './api-client'
import { useSession } from './session'

type Result = ReturnType<typeof ConversionResult.parse>

/**
 * Quote → review → execute. An expired quote comes back refused with a fresh one: the flow shows it at once
 * (back from the confirm sheet, with a notice) so the holder weighs the new rate before confirming again.
 */
export function useQuoteFlow(executePath: string) {
  const { api } = useSession()
  const [quote, setQuoteState] = useState<QuoteView | null>(null)
  const [refreshed, setRefreshed] = useState(false)
  const [reviewing, setReviewing] = useState(false)
  const [done, setDone] = useState<Result | null>(null)
  // One key per quote: a double tap or a retry executes it once.
  const key = useRef('')
  const setQuote = (q: QuoteView | null, fresh = false) => {
    key.current = crypto.randomUUID()
    setQuoteState(q)
    setRefreshed(fresh)
    setReviewing(false)
  }
  const send = async (confirmation: Confirmation) => {
    if (!quote) return
    try {
      setDone(
        await api.post(
          executePath,
          ConversionResult,
          { quoteId: quote.id, confirmation },
          { idempotencyKey: key.current },
        ),
      )
    } catch (error) {
      const fresh =
        error instanceof ApiError && error.code === 'quote_expired'
          ? QuoteExpiredDetails.safeParse(error.details)
          : null
      if (fresh?.success) setQuote(fresh.data.freshQuote, true)
      else throw error
    }
  }
  const reset = () => {
    setQuote(null)
    setDone(null)
  }
  return { quote, setQuote, refreshed, reviewing, setReviewing, done, send, reset }
}

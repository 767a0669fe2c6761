import { useEffect, useState } from 'react'
import { ApiError } from './api-client'

/**
 * A quote that follows the form: asked 300 ms after the inputs settle (`key` names them; null means not
 * enough to ask yet), earlier requests cancelled. A refusal comes back as the API error, for its field.
 */
export function useLiveQuote<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
): { quote: T | null; error: ApiError | null } {
  const [state, setState] = useState<{ quote: T | null; error: ApiError | null }>({ quote: null, error: null })
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for everything `load` reads
  useEffect(() => {
    setState({ quote: null, error: null })
    if (!key) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      load(controller.signal).then(
        (quote) => setState({ quote, error: null }),
        (error: unknown) => error instanceof ApiError && setState({ quote: null, error }),
      )
    }, 300)
    return () => (clearTimeout(timer), controller.abort())
  }, [key])
  return state
}

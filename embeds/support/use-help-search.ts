import { useEffect, useRef, useState } from 'react'
import { ArticlesResponse } from '../../domain/api/support.schema'
import { helpLocale, type HelpCategory } from '../../domain/help-center'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { readyData, useResource } from '../lib/use-resource'

/** How long typing must pause before the search is sent. */
const DEBOUNCE_MS = 250

/**
 * Searches the help center as the holder types (debounced), in the page's language and chosen topic; `shown` is what to
 * list.
 */
export function useHelpSearch(q: string, category: HelpCategory | '') {
  const { api } = useSession()
  const { locale } = useI18n()
  const [settled, setSettled] = useState(q)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(q), DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [q])
  const query = new URLSearchParams({
    q: settled.trim(),
    locale: helpLocale(locale),
    ...(category ? { category } : {}),
  }).toString()
  const result = useResource(`help:${query}`, (signal) =>
    api.get(`/support/articles?${query}`, ArticlesResponse, signal),
  )
  // While a new search runs, the last results stay on screen instead of a loading line at every pause.
  const last = useRef<ArticlesResponse | null>(null)
  last.current = readyData(result) ?? last.current
  return { ...result, shown: last.current }
}

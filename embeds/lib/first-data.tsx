import { createContext, useContext, useEffect } from 'react'

/**
 * The data a page's first screen was drawn with. On the server (embeds/lib/server-render.tsx), `wanted` collects
 * what the screen asked for (each useResource's key and loader), the server loads it and draws again with it in
 * `ready`; the page carries `ready` (the `cash-data` block) so the browser's first render is the same screen,
 * taken over without asking again. Keys are useResource's.
 */
export type FirstData = { ready: Map<string, unknown>; wanted?: Map<string, () => Promise<unknown>> }

export const FirstDataContext = createContext<FirstData | null>(null)

export function useFirstData(): FirstData | null {
  return useContext(FirstDataContext)
}

/** The data the server drew this page with, or none (a page drawn in the browser, a test). */
export function pageFirstData(doc: Document = document): FirstData {
  const text = doc.getElementById('cash-data')?.textContent
  try {
    const parsed: unknown = text ? JSON.parse(text) : null
    return { ready: new Map(parsed && typeof parsed === 'object' ? Object.entries(parsed) : []) }
  } catch {
    return { ready: new Map() }
  }
}

/** Once React holds the page, a first screen the server drew (inert until then) takes taps and keys; draws nothing. */
export function Interactive() {
  useEffect(() => {
    const root = document.getElementById('root')
    root?.removeAttribute('inert')
    // Kept hidden before its first paint (a page drawn signed out, inside a host: server/http/first-screen.ts).
    if (root) root.style.visibility = ''
  }, [])
  return null
}

import { useCallback, useEffect, useRef, useState } from 'react'
import { ApiError, asBackground } from './api-client'
import { onDataChanged } from './data-changed'
import { useFirstData } from './first-data'

export type Resource<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: ApiError }

/**
 * The data once it has come, else undefined: for what a page works out beside what `ResourceView` draws (a
 * countdown's end, a heading, a badge's count, a link shown only on a test server). What a person sees while it
 * loads or after it failed is chosen by `ResourceView` alone (scripts/one-resource-switch.test.ts).
 */
export function readyData<T>(resource: Resource<T>): T | undefined {
  return resource.status === 'ready' ? resource.data : undefined
}

/**
 * Loads data from the server, cancelling on unmount or when `key` changes; `reload` asks again. With
 * `pollMs`, it asks again on that interval while `keepPolling(data)` holds, without flashing a loading state;
 * it asks again the same way when the data changed outside the page (data-changed.ts).
 */
export function useResource<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
  poll?: { pollMs: number; keepPolling: (data: T) => boolean },
): Resource<T> & { reload: () => void } {
  // Data the page's first screen was drawn with (first-data.tsx): used as it is, not asked for again; on the
  // server, what is missing is asked for (the server loads it and draws again).
  const first = useFirstData()
  const drawnWith = first?.ready.has(key) ? ({ status: 'ready', data: first.ready.get(key) as T } as const) : null
  if (!drawnWith && first?.wanted && !first.wanted.has(key))
    first.wanted.set(key, () => load(new AbortController().signal))
  const [state, setState] = useState<Resource<T>>(() => drawnWith ?? { status: 'loading' })
  const skipFirstLoad = useRef(drawnWith !== null)
  const [attempt, setAttempt] = useState(0)
  // Whether the next load is the poll's (the person did nothing): sent as a background request.
  const polled = useRef(false)
  // A new poll is scheduled when the state changes; `poll` is read as it is then.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the state
  useEffect(() => {
    if (!poll || state.status !== 'ready' || !poll.keepPolling(state.data)) return
    const timer = setTimeout(() => {
      polled.current = true
      setAttempt((n) => n + 1)
    }, poll.pollMs)
    return () => clearTimeout(timer)
  }, [state])
  // `load` is keyed by `key`: a new closure with the same key is the same request.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by `key`
  useEffect(() => {
    if (skipFirstLoad.current) {
      // Once: the next screen with this key (or a reload) asks the server.
      skipFirstLoad.current = false
      first?.ready.delete(key)
      return
    }
    const controller = new AbortController()
    setState((s) => (s.status === 'ready' && attempt > 0 ? s : { status: 'loading' }))
    const background = polled.current
    polled.current = false
    ;(background ? asBackground(() => load(controller.signal)) : load(controller.signal)).then(
      (data) => !controller.signal.aborted && setState({ status: 'ready', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return
        setState({
          status: 'error',
          error: error instanceof ApiError ? error : new ApiError(0, 'internal', String(error)),
        })
      },
    )
    return () => controller.abort()
  }, [key, attempt])
  const reload = useCallback(() => setAttempt((n) => n + 1), [])
  // The host (or another page) said the data changed: ask again, keeping what is shown until the answer comes.
  useEffect(() => onDataChanged(reload), [reload])
  return { ...state, reload }
}

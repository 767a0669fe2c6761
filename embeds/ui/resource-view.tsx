import type { ReactNode } from 'react'
import type { ApiError } from '../lib/api-client'
import type { Resource } from '../lib/use-resource'
import { ErrorState, LoadingState } from './state-views'

/**
 * The one place a `useResource` result is switched on: loading → `LoadingState`, error → `ErrorState` with a
 * retry, ready and empty → `empty`, ready → `children(data)`. A page that shows something else while loading
 * or on failure (nothing, its own message) passes `loading` or `error` instead of switching by hand
 * (scripts/one-resource-switch.test.ts keeps it so).
 */
export function ResourceView<T>({
  resource,
  isEmpty,
  empty,
  loading,
  error,
  children,
}: {
  resource: Resource<T> & { reload?: () => void }
  isEmpty?: (data: T) => boolean
  empty?: ReactNode
  loading?: ReactNode
  error?: (error: ApiError, retry: (() => void) | undefined) => ReactNode
  children: (data: T) => ReactNode
}) {
  if (resource.status === 'loading') return <>{loading === undefined ? <LoadingState /> : loading}</>
  if (resource.status === 'error')
    return (
      <>
        {error ? (
          error(resource.error, resource.reload)
        ) : (
          <ErrorState message={resource.error.message} onRetry={resource.reload} />
        )}
      </>
    )
  if (isEmpty?.(resource.data)) return <>{empty ?? null}</>
  return <>{children(resource.data)}</>
}

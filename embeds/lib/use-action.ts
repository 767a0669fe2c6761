import { useRef, useState } from 'react'
import type { FieldErrors } from '../../domain/errors'
import { ApiError } from './api-client'

/**
 * Runs a form's action one at a time: `busy` while it runs (a second tap is ignored), an API refusal with
 * field messages lands in `fieldErrors` for the fields, anything else in `error` for the form.
 */
export function useAction() {
  const running = useRef(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({})
  const run = async (action: () => Promise<void>) => {
    if (running.current) return
    running.current = true
    setBusy(true)
    setError(null)
    setFieldErrors({})
    try {
      await action()
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.fields).length) setFieldErrors(e.fields)
      else setError(e instanceof Error ? e.message : String(e))
    } finally {
      running.current = false
      setBusy(false)
    }
  }
  return { busy, error, fieldErrors, run }
}

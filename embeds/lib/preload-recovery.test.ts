import { afterEach, describe, expect, it, vi } from 'vitest'
import { installPreloadRecovery, RELOAD_MARKER } from './preload-recovery'

const preloadError = () => new Event('vite:preloadError', { cancelable: true })

describe('a stale page after a deploy (vite:preloadError)', () => {
  let uninstall = () => undefined as void
  afterEach(() => {
    uninstall()
    sessionStorage.clear()
    vi.useRealTimers()
  })

  it('reloads the page once and swallows the error', () => {
    const reload = vi.fn()
    uninstall = installPreloadRecovery(window, reload)
    const event = preloadError()
    window.dispatchEvent(event)
    expect(reload).toHaveBeenCalledTimes(1)
    expect(event.defaultPrevented).toBe(true)
    expect(sessionStorage.getItem(RELOAD_MARKER)).not.toBeNull()
  })

  it('does not loop: a second failure right after the reload surfaces as an error', () => {
    const reload = vi.fn()
    uninstall = installPreloadRecovery(window, reload)
    window.dispatchEvent(preloadError())
    const again = preloadError()
    window.dispatchEvent(again)
    expect(reload).toHaveBeenCalledTimes(1)
    expect(again.defaultPrevented).toBe(false)
  })

  it('recovers again from a later deploy', () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T10:00:00Z') })
    const reload = vi.fn()
    uninstall = installPreloadRecovery(window, reload)
    window.dispatchEvent(preloadError())
    vi.setSystemTime(new Date('2026-11-21T11:00:00Z'))
    window.dispatchEvent(preloadError())
    expect(reload).toHaveBeenCalledTimes(2)
  })
})

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { installPreloadRecovery, RELOAD_MARKER } from './preload-recovery'

const preloadError = () => new Event('vite:preloadError', { cancelable: true })

/**
 * A window of the test's own: events and sessionStorage that no other code in this jsdom shares. (The dom
 * project runs files in one jsdom, and a page entry tested before this file leaves its own recovery listening
 * on the real window, where it would set the marker first.)
 */
function freshWindow(): Window {
  const items = new Map<string, string>()
  const sessionStorage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
  return Object.assign(new EventTarget(), { sessionStorage }) as unknown as Window
}

describe('a stale page after a deploy (vite:preloadError)', () => {
  let win = freshWindow()
  beforeEach(() => {
    win = freshWindow()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('reloads the page once and swallows the error', () => {
    const reload = vi.fn()
    installPreloadRecovery(win, reload)
    const event = preloadError()
    win.dispatchEvent(event)
    expect(reload).toHaveBeenCalledTimes(1)
    expect(event.defaultPrevented).toBe(true)
    expect(win.sessionStorage.getItem(RELOAD_MARKER)).not.toBeNull()
  })

  it('does not loop: a second failure right after the reload surfaces as an error', () => {
    const reload = vi.fn()
    installPreloadRecovery(win, reload)
    win.dispatchEvent(preloadError())
    const again = preloadError()
    win.dispatchEvent(again)
    expect(reload).toHaveBeenCalledTimes(1)
    expect(again.defaultPrevented).toBe(false)
  })

  it('recovers again from a later deploy', () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T10:00:00Z') })
    const reload = vi.fn()
    installPreloadRecovery(win, reload)
    win.dispatchEvent(preloadError())
    vi.setSystemTime(new Date('2026-11-21T11:00:00Z'))
    win.dispatchEvent(preloadError())
    expect(reload).toHaveBeenCalledTimes(2)
  })

  it('stops listening when uninstalled', () => {
    const reload = vi.fn()
    const uninstall = installPreloadRecovery(win, reload)
    uninstall()
    const event = preloadError()
    win.dispatchEvent(event)
    expect(reload).not.toHaveBeenCalled()
    expect(event.defaultPrevented).toBe(false)
  })
})

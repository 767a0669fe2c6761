/**
 * A webview can hold a page's HTML from before a deploy; its lazy chunks are then gone from the server and
 * Vite fires `vite:preloadError`. The page reloads once to fetch the new HTML. A marker in sessionStorage
 * stops a loop when the reload does not help (the chunk is really missing): the error then surfaces as usual.
 */
export const RELOAD_MARKER = 'cash:preload-reload'
/** A second failure within this window after a recovery reload is not reloaded again. */
const LOOP_WINDOW_MS = 60_000

export function installPreloadRecovery(
  win: Window = window,
  reload: () => void = () => win.location.reload(),
): () => void {
  const onError = (event: Event) => {
    let last = 0
    try {
      last = Number(win.sessionStorage.getItem(RELOAD_MARKER) ?? 0)
    } catch {
      // Storage off (private mode): reload at most once per page life, guarded below.
    }
    if (Date.now() - last < LOOP_WINDOW_MS) return
    try {
      win.sessionStorage.setItem(RELOAD_MARKER, String(Date.now()))
    } catch {
      // Without storage a loop cannot be told apart: let the error surface instead of reloading.
      return
    }
    event.preventDefault()
    reload()
  }
  win.addEventListener('vite:preloadError', onError)
  return () => win.removeEventListener('vite:preloadError', onError)
}

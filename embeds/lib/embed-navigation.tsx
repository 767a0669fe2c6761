import { createContext, useContext, type MouseEvent, type ReactNode } from 'react'

/**
 * How an embed moves to another Cash path (a full `/app/cash/...` path), and the address it is at now (`here`:
 * path and query). Pages read their query from `here`, never from `window.location`: the server draws their first
 * screen (embeds/lib/server-render.tsx, host/server-render.tsx), where there is no window.
 */
export type EmbedNavigation = { go(path: string): void; here: string }

const NavigationContext = createContext<EmbedNavigation>({
  go: (path) => window.location.assign(path),
  get here() {
    return typeof window === 'undefined' ? '/app/cash' : window.location.pathname + window.location.search
  },
})

export function EmbedNavigationProvider({
  navigation,
  children,
}: {
  navigation: EmbedNavigation
  children: ReactNode
}) {
  /** Plain links inside the embed go through `navigation` too: client-side in the shell, in place in a webview. */
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
    const anchor = (e.target as HTMLElement).closest('a')
    const href = anchor?.getAttribute('href')
    if (
      !anchor ||
      !href ||
      anchor.target ||
      !/^\/app\/cash(\/|$|\?)/.test(href) ||
      /^\/app\/cash\/(api|webview)\//.test(href)
    )
      return
    e.preventDefault()
    navigation.go(href)
  }
  return (
    <NavigationContext.Provider value={navigation}>
      {/* One listener catches clicks on the links inside; the links stay the keyboard's targets. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: delegation, see above */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: Enter on a focused link fires this same click */}
      <div onClick={onClick} style={{ display: 'contents' }}>
        {children}
      </div>
    </NavigationContext.Provider>
  )
}

export function useEmbedNavigation(): EmbedNavigation {
  return useContext(NavigationContext)
}

/** The query of the page's address (`?q=…&next=…`), on the server as in the browser. */
export function usePageQuery(): URLSearchParams {
  const { here } = useEmbedNavigation()
  const at = here.indexOf('?')
  return new URLSearchParams(at === -1 ? '' : here.slice(at + 1))
}

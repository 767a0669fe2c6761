import { createContext, useContext, type MouseEvent, type ReactNode } from 'react'

/** How an embed moves to another Cash path (a full `/app/cash/...` path). */
export type EmbedNavigation = { go(path: string): void }

const NavigationContext = createContext<EmbedNavigation>({ go: (path) => window.location.assign(path) })

export function EmbedNavigationProvider({ navigation, children }: { navigation: EmbedNavigation; children: ReactNode }) {
  /** Plain links inside the embed go through `navigation` too: client-side in the shell, in place in a webview. */
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
    const anchor = (e.target as HTMLElement).closest('a')
    const href = anchor?.getAttribute('href')
    if (!anchor || !href || anchor.target || !/^\/app\/cash(\/|$|\?)/.test(href) || /^\/app\/cash\/(api|webview)\//.test(href)) return
    e.preventDefault()
    navigation.go(href)
  }
  return (
    <NavigationContext.Provider value={navigation}>
      <div onClick={onClick} style={{ display: 'contents' }}>
        {children}
      </div>
    </NavigationContext.Provider>
  )
}

export function useEmbedNavigation(): EmbedNavigation {
  return useContext(NavigationContext)
}

import type { ComponentType } from 'react'
import { createRoot } from 'react-dom/client'
import type { EmbedName } from '../../domain/webview-pages'
import '../ui/tokens.css'
import '../ui/layout.css'
import type { EmbedProps } from './embed-props'
import { installPreloadRecovery } from './preload-recovery'

/**
 * An embed page's entry: paints the page frame at once with React alone, and loads the rest (bridge, session,
 * schemas, messages, the embed) in parallel, started before that paint. Keeps the first load of a webview
 * page within its budget (scripts/bundle-size.ts); mountEmbed then renders into the same root.
 */
export function bootEmbed(embed: EmbedName, load: () => Promise<ComponentType<EmbedProps>>): Promise<void> {
  installPreloadRecovery()
  const mounting = import('./mount-embed')
  const component = load()
  const container = document.getElementById('root')!
  // The server drew the first screen already (data-ssr): it stays until React takes it over.
  const root = container.hasAttribute('data-ssr') ? null : createRoot(container)
  root?.render(<main className="cash-page" aria-busy="true" />)
  return Promise.all([mounting, component]).then(([{ mountEmbed }, Component]) => mountEmbed(embed, Component, root))
}

import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { EmbedName } from '../domain/webview-pages'
import type { EmbedProps } from '../embeds/lib/embed-props'
import { LOADERS } from '../embeds/lib/embed-loaders'
import { matchRoute } from '../embeds/lib/route-map'

const cache = new Map<EmbedName, LazyExoticComponent<ComponentType<EmbedProps>>>()
const loaded = new Map<EmbedName, ComponentType<EmbedProps>>()

/** The embed's component, loaded on first use. */
export function lazyEmbed(name: EmbedName): LazyExoticComponent<ComponentType<EmbedProps>> {
  let component = cache.get(name)
  if (!component) {
    component = lazy(() => LOADERS[name]().then((c) => ({ default: c })))
    cache.set(name, component)
  }
  return component
}

/** The embed's component: itself once loaded (drawn at once, no waiting), else the lazy one. */
export function embedComponent(name: EmbedName): ComponentType<EmbedProps> {
  return loaded.get(name) ?? lazyEmbed(name)
}

/**
 * Loads the embed of the shell route at `path` (below /app/cash) before the page is drawn: on the server, and in
 * the browser before it takes over a drawn page, so both draw the embed itself in one go and the page is live
 * (hydrated through and through) the moment React holds it.
 */
export async function preloadRouteEmbed(path: string): Promise<void> {
  const embed = matchRoute(path)?.route.embed
  if (embed && !loaded.has(embed)) loaded.set(embed, await LOADERS[embed]())
}

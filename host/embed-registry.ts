import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { EmbedName } from '../domain/webview-pages'
import type { EmbedProps } from '../embeds/lib/embed-props'
import { LOADERS } from '../embeds/lib/embed-loaders'

const cache = new Map<EmbedName, LazyExoticComponent<ComponentType<EmbedProps>>>()

/** The embed's component, loaded on first use. */
export function lazyEmbed(name: EmbedName): LazyExoticComponent<ComponentType<EmbedProps>> {
  let component = cache.get(name)
  if (!component) {
    component = lazy(() => LOADERS[name]().then((c) => ({ default: c })))
    cache.set(name, component)
  }
  return component
}

/**
 * "What you show changed": the host says so (the bridge's `dataChanged` event, after a push notification or a
 * sandbox event), or a page of the same document does (the admin sandbox page). Every resource on screen reads
 * its data again in place (use-resource.ts), without a reload or a loading flash.
 */
const listeners = new Set<() => void>()

export function onDataChanged(listener: () => void): () => void {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

export function announceDataChanged(): void {
  for (const listener of [...listeners]) listener()
}

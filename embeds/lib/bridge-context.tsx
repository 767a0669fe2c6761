import { createContext, useContext, type ReactNode } from 'react'
import { webOnlyBridge, type EmbedBridge } from '../../bridge/embed-client'

const BridgeContext = createContext<EmbedBridge>(webOnlyBridge())

export function BridgeProvider({ bridge, children }: { bridge: EmbedBridge; children: ReactNode }) {
  return <BridgeContext.Provider value={bridge}>{children}</BridgeContext.Provider>
}

/** The embed's bridge to its host (a web-only one when there is no host). */
export function useBridge(): EmbedBridge {
  return useContext(BridgeContext)
}

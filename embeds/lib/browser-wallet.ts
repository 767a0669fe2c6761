import { createWalletClient, custom, UserRejectedRequestError, type EIP1193Provider } from 'viem'
import type { z } from 'zod'
import { WalletNonceResponse } from '../../domain/api/settings.schema'
import type { ApiClient } from './api-client'
import type { MessageKey } from './messages-en'

/** The wallet in this browser (`window.ethereum`): its first address and a way to sign a message with it. */
export type BrowserWallet = { address: `0x${string}`; sign(message: string): Promise<`0x${string}`> }

/** Why a wallet step did not happen, in words the page has messages for. */
export class WalletUnavailable extends Error {
  constructor(readonly reason: 'no_wallet' | 'rejected') {
    super(reason)
  }
}

/** Connects to the injected wallet through viem's custom transport; throws `no_wallet` when there is none. */
export async function connectBrowserWallet(): Promise<BrowserWallet> {
  const provider = (window as { ethereum?: EIP1193Provider }).ethereum
  if (!provider) throw new WalletUnavailable('no_wallet')
  const client = createWalletClient({ transport: custom(provider) })
  try {
    const [address] = await client.requestAddresses()
    if (!address) throw new WalletUnavailable('no_wallet')
    return { address, sign: (message) => client.signMessage({ account: address, message }) }
  } catch (error) {
    throw rejected(error)
  }
}

function rejected(error: unknown): unknown {
  if (error instanceof UserRejectedRequestError || (error as { code?: number })?.code === 4001)
    return new WalletUnavailable('rejected')
  return error
}

/**
 * A sandbox wallet for servers that are not in production: a fresh key made in this page (never sent
 * anywhere, gone with it), so a tester without a wallet extension can still link a wallet and sign in with it.
 */
export async function sandboxWallet(): Promise<BrowserWallet> {
  const { generatePrivateKey, privateKeyToAccount } = await import('viem/accounts')
  const account = privateKeyToAccount(generatePrivateKey())
  return { address: account.address, sign: (message) => account.signMessage({ message }) }
}

/**
 * The SIWE round trip both linking and wallet sign-in use: ask `noncePath` for the exact message for this address, have
 * the wallet (the browser's, unless another is given) sign it word for word, and post both to `submitPath`.
 */
export async function signWithWallet<S extends z.ZodType>(
  api: ApiClient,
  paths: { nonce: string; submit: string },
  schema: S,
  extra: Record<string, unknown> = {},
  given?: BrowserWallet,
): Promise<z.output<S>> {
  const wallet = given ?? (await connectBrowserWallet())
  const issued = await api.post(paths.nonce, WalletNonceResponse, { address: wallet.address })
  let signature: `0x${string}`
  try {
    signature = await wallet.sign(issued.message)
  } catch (error) {
    throw rejected(error)
  }
  return api.post(paths.submit, schema, { message: issued.message, signature, ...extra })
}

/** Words for a wallet step that did not happen, else the error's own message (an API refusal's). */
export function walletErrorMessage(error: unknown, t: (key: MessageKey) => string): string {
  if (error instanceof WalletUnavailable) return t(error.reason === 'no_wallet' ? 'wallet.noWallet' : 'wallet.rejected')
  return error instanceof Error ? error.message : String(error)
}

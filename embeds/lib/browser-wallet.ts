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

/** A message the server issued for a wallet, signed by it word for word: what linking and signing in post. */
export type WalletSigned = { address: `0x${string}`; message: string; signature: `0x${string}` }

/**
 * Asks `noncePath` for the exact message for this wallet's address (the browser's wallet, unless another is given)
 * and has the wallet sign it.
 */
export async function signIssuedMessage(
  api: ApiClient,
  noncePath: string,
  given?: BrowserWallet,
): Promise<WalletSigned> {
  const wallet = given ?? (await connectBrowserWallet())
  const issued = await api.post(noncePath, WalletNonceResponse, { address: wallet.address })
  try {
    return { address: wallet.address, message: issued.message, signature: await wallet.sign(issued.message) }
  } catch (error) {
    throw rejected(error)
  }
}

/**
 * The SIWE round trip of wallet sign-in: the signed message (signIssuedMessage) posted to `submitPath` at once.
 * Linking posts it only after the holder confirms (embeds/account/wallets-page.tsx).
 */
export async function signWithWallet<S extends z.ZodType>(
  api: ApiClient,
  paths: { nonce: string; submit: string },
  schema: S,
  extra: Record<string, unknown> = {},
  given?: BrowserWallet,
): Promise<z.output<S>> {
  const { message, signature } = await signIssuedMessage(api, paths.nonce, given)
  return api.post(paths.submit, schema, { message, signature, ...extra })
}

/** Words for a wallet step that did not happen, else the error's own message (an API refusal's). */
export function walletErrorMessage(error: unknown, t: (key: MessageKey) => string): string {
  if (error instanceof WalletUnavailable) return t(error.reason === 'no_wallet' ? 'wallet.noWallet' : 'wallet.rejected')
  return error instanceof Error ? error.message : String(error)
}

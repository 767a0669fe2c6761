import { createSiweMessage } from 'viem/siwe'
import type { Address } from './address'

/** What a wallet signs to be linked, and to sign in (EIP-4361 `statement`). */
export const SIWE_STATEMENTS = {
  link: 'Link this wallet to your Cash account',
  sign_in: 'Sign in to Cash with this wallet',
} as const
export type SiwePurpose = keyof typeof SIWE_STATEMENTS

/** Minutes a nonce (and its message) stays valid. */
export const SIWE_NONCE_MINUTES = 10
/** Ethereum mainnet: the chain the message names; linking is about the address, not a chain. */
export const SIWE_CHAIN_ID = 1

/**
 * The exact Sign-In-With-Ethereum message for `address` on this site: the server builds it, the wallet
 * signs it word for word, and the server compares what comes back with what it stored.
 */
export function buildSiweMessage(input: {
  origin: string
  address: Address
  nonce: string
  issuedAt: Date
  purpose: SiwePurpose
}): string {
  const url = new URL(input.origin)
  return createSiweMessage({
    domain: url.host,
    uri: `${url.origin}/app/cash`,
    address: input.address,
    chainId: SIWE_CHAIN_ID,
    version: '1',
    nonce: input.nonce,
    statement: SIWE_STATEMENTS[input.purpose],
    issuedAt: input.issuedAt,
    expirationTime: new Date(input.issuedAt.getTime() + SIWE_NONCE_MINUTES * 60_000),
  })
}

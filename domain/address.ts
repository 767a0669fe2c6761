import { getAddress } from 'viem'
import { DomainError } from './errors'

declare const addressBrand: unique symbol
/** An EIP-55 checksummed address, made only by `parseAddress`. */
export type Address = `0x${string}` & { readonly [addressBrand]: true }

const SHAPE = /^0x[0-9a-fA-F]{40}$/

/**
 * The address rule (SEED.md §5): `0x` and 40 hex characters; mixed case must match the EIP-55 checksum.
 * All-lower or all-upper hex is accepted and returned checksummed.
 */
export function parseAddress(input: string): Address {
  const text = input.trim()
  if (!SHAPE.test(text)) throw new DomainError('address_invalid')
  const checksummed = getAddress(text.toLowerCase())
  const hex = text.slice(2)
  const mixed = hex !== hex.toLowerCase() && hex !== hex.toUpperCase()
  if (mixed && text !== checksummed) throw new DomainError('address_checksum')
  return checksummed as Address
}

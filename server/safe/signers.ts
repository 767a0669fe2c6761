import { createHmac } from 'node:crypto'
import { privateKeyToAccount } from 'viem/accounts'
import type { Address } from '../../domain/address'
import type { Config } from '../config'

/**
 * The sandbox's custodial keys: each person's safe signer, the platform's recovery signer and the
 * third-party recovery partner's, derived from the server secret so they are stable across restarts and
 * never stored. (A live deployment keeps these in an HSM or a passkey-backed signer service.)
 */
function derivedAccount(config: Pick<Config, 'WEBHOOK_SECRET'>, label: string) {
  const key = createHmac('sha256', config.WEBHOOK_SECRET).update(`cash-signer:${label}`).digest('hex')
  return privateKeyToAccount(`0x${key}`)
}

export const personSigner = (config: Pick<Config, 'WEBHOOK_SECRET'>, userId: string) =>
  derivedAccount(config, `person:${userId}`).address as Address
export const platformRecoverySigner = (config: Pick<Config, 'WEBHOOK_SECRET'>) =>
  derivedAccount(config, 'recovery:platform').address as Address
export const thirdPartyRecoverySigner = (config: Pick<Config, 'WEBHOOK_SECRET'>) =>
  derivedAccount(config, 'recovery:third-party').address as Address

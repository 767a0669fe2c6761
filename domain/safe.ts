import { concat, encodeFunctionData, getContractAddress, keccak256, pad, toHex, zeroAddress, type Hex } from 'viem'
import type { Address } from './address'
import type { Language } from './word-format'

/**
 * The account's safe: a Safe (v1.4.1) smart account. Its address is counterfactual — known before it is
 * deployed — from the owners, the threshold and a salt nonce, exactly as SafeProxyFactory.createProxyWithNonce
 * computes it with CREATE2.
 */
export const SAFE_DEPLOYMENT = {
  version: '1.4.1',
  proxyFactory: '0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67',
  singleton: '0x41675C099F32341bf84BFc5382aF534df5C7461a',
  fallbackHandler: '0xfd0732Dc9E303f09fCEf3a7388Ad10A83459Ec99',
  /**
   * The proxy creation code the sandbox chain's factory uses (on a live chain, read it from
   * SafeProxyFactory.proxyCreationCode()).
   */
  proxyCreationCode: keccak256(toHex('cash-sandbox:SafeProxy:1.4.1')),
} as const

/** Blocks the sandbox chain takes to include the deployment. */
export const SAFE_DEPLOY_BLOCKS = 3
/** Recovery: 2 of the 3 recovery signers approve an incoming owner, who takes control after 3 days. */
export const RECOVERY_APPROVALS_NEEDED = 2
export const RECOVERY_DELAY_SECONDS = 3 * 24 * 3600
/**
 * When a recovery approved (or found due while its account is frozen) at `from` ends: one delay later. A recovery that
 * comes due while the account is frozen does not execute; its end moves here again.
 */
export const recoveryEndsAt = (from: Date) => new Date(from.getTime() + RECOVERY_DELAY_SECONDS * 1000)
export const RECOVERY_SIGNER_KINDS = ['platform', 'third_party', 'holder'] as const
export type RecoverySignerKind = (typeof RECOVERY_SIGNER_KINDS)[number]

/**
 * What a recovery signer is called when the holder gave it no name of their own: by its kind, in each language. The
 * server stores no name for these (recovery_signers.label is null) and a page words the kind; a name the holder chose
 * is their own words, shown as written.
 */
export const RECOVERY_SIGNER_NAMES: Record<Language, Record<RecoverySignerKind, string>> = {
  'en-US': { platform: 'Cash', third_party: 'Recovery partner (sandbox)', holder: 'Your recovery key' },
  'pt-BR': { platform: 'Cash', third_party: 'Parceiro de recuperação (sandbox)', holder: 'Sua chave de recuperação' },
}

/** A recovery signer's name in `language`: the holder's own, else its kind's. */
export const recoverySignerName = (kind: RecoverySignerKind, label: string | null, language: Language): string =>
  label ?? RECOVERY_SIGNER_NAMES[language][kind]

const SETUP_ABI = [
  {
    type: 'function',
    name: 'setup',
    stateMutability: 'nonpayable',
    outputs: [],
    inputs: [
      { name: '_owners', type: 'address[]' },
      { name: '_threshold', type: 'uint256' },
      { name: 'to', type: 'address' },
      { name: 'data', type: 'bytes' },
      { name: 'fallbackHandler', type: 'address' },
      { name: 'paymentToken', type: 'address' },
      { name: 'payment', type: 'uint256' },
      { name: 'paymentReceiver', type: 'address' },
    ],
  },
] as const

/** A threshold is at least 1 and at most the number of owners; owners are distinct. */
export function safeConfigProblem(
  owners: readonly string[],
  threshold: number,
): 'no_owners' | 'duplicate_owner' | 'threshold_range' | null {
  if (owners.length === 0) return 'no_owners'
  if (new Set(owners.map((o) => o.toLowerCase())).size !== owners.length) return 'duplicate_owner'
  if (!Number.isInteger(threshold) || threshold < 1 || threshold > owners.length) return 'threshold_range'
  return null
}

/** The calldata the proxy runs on creation: Safe.setup(owners, threshold, …). */
export function safeInitializer(owners: readonly Address[], threshold: number): Hex {
  return encodeFunctionData({
    abi: SETUP_ABI,
    functionName: 'setup',
    args: [owners, BigInt(threshold), zeroAddress, '0x', SAFE_DEPLOYMENT.fallbackHandler, zeroAddress, 0n, zeroAddress],
  })
}

/**
 * The safe's address before it exists: CREATE2(factory, keccak256(keccak256(initializer) ‖ saltNonce),
 * keccak256(proxyCreationCode ‖ singleton)).
 */
export function predictSafeAddress(owners: readonly Address[], threshold: number, saltNonce: bigint): Address {
  const salt = keccak256(concat([keccak256(safeInitializer(owners, threshold)), pad(toHex(saltNonce), { size: 32 })]))
  const bytecode = concat([SAFE_DEPLOYMENT.proxyCreationCode, pad(SAFE_DEPLOYMENT.singleton, { size: 32 })])
  return getContractAddress({ opcode: 'CREATE2', from: SAFE_DEPLOYMENT.proxyFactory, salt, bytecode }) as Address
}

/** The message a holder's recovery signer signs to approve handing the safe to `incomingOwner`. */
export function recoveryApprovalMessage(input: { safe: string; incomingOwner: string; recoveryId: string }): string {
  return (
    `Cash safe recovery\nSafe: ${input.safe}\nIncoming ` +
    `owner: ${input.incomingOwner}\nRecovery: ${input.recoveryId}\nI ` +
    `approve handing this safe to the incoming owner after the 3-day delay.`
  )
}

import { messageKey } from '../error-message'
import { z } from 'zod'
import { MovementReasonSchema } from '../movement-reason'
import { ETHERFI_TOKENS, STARGATE_CHAINS, STARGATE_TOKENS } from '../money-in'
import { DecimalString, HeldAssetSchema, IsoDateTime } from './common.schema'
import { plainText } from '../plain-name'

export const DepositAddressResponse = z
  .object({
    address: z.string(),
    network: z.string(),
    chainId: z.number().int(),
    tokens: z.array(z.object({ asset: HeldAssetSchema, contract: z.string().nullable() })),
    requiredConfirmations: z.number().int(),
  })
  .meta({ id: 'DepositAddress' })

export const DepositView = z.object({
  txHash: z.string(),
  asset: HeldAssetSchema,
  amount: DecimalString,
  from: z.string(),
  confirmations: z.number().int(),
  requiredConfirmations: z.number().int(),
  status: z.enum(['pending', 'credited']),
  createdAt: IsoDateTime,
})
export const DepositsResponse = z.object({ items: z.array(DepositView) }).meta({ id: 'Deposits' })

export const BridgeKind = z.enum(['stargate', 'etherfi'])
export const BridgeQuoteQuery = z.object({
  bridge: BridgeKind,
  sourceChain: z.enum([...STARGATE_CHAINS]),
  token: z.enum([...STARGATE_TOKENS, ...ETHERFI_TOKENS]),
  amount: DecimalString,
})
export const BridgeQuoteResponse = z
  .object({
    asset: HeldAssetSchema,
    amount: DecimalString,
    fee: DecimalString,
    receive: DecimalString,
    etaSeconds: z.number().int(),
  })
  .meta({ id: 'BridgeQuote' })
export const BridgeTransferBody = BridgeQuoteQuery.meta({ id: 'BridgeTransferBody' })

export const BridgeTransferView = z
  .object({
    bridge: BridgeKind,
    sourceChain: z.string(),
    sourceToken: z.string(),
    sourceTxHash: z.string(),
    destinationTxHash: z.string().nullable(),
    asset: HeldAssetSchema,
    receive: DecimalString,
    fee: DecimalString,
    status: z.enum(['confirming', 'in_flight', 'delivered', 'payload_stored', 'failed']),
    failureReason: MovementReasonSchema.nullable(),
    etaAt: IsoDateTime,
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
  })
  .meta({ id: 'BridgeTransfer' })
export const BridgeTransfersResponse = z.object({ items: z.array(BridgeTransferView) }).meta({ id: 'BridgeTransfers' })

/** A BRL amount as typed: reais with up to two decimals. */
export const BrlAmount = z.string().regex(/^\d{1,9}([.,]\d{1,2})?$/, messageKey('enter_reais_example'))
export const PixQuoteQuery = z.object({ brlAmount: BrlAmount })
export const PixQuoteResponse = z
  .object({
    brlAmount: DecimalString,
    rate: DecimalString,
    grossUsdc: DecimalString,
    feeUsdc: DecimalString,
    creditUsdc: DecimalString,
    lockSeconds: z.number().int(),
  })
  .meta({ id: 'PixQuote' })
export const PixChargeBody = z.object({ brlAmount: BrlAmount }).meta({ id: 'PixChargeBody' })
export const PixChargeView = z
  .object({
    id: z.uuid(),
    txid: z.string(),
    brlAmount: DecimalString,
    creditUsdc: DecimalString,
    feeUsdc: DecimalString,
    rate: DecimalString,
    brCode: z.string(),
    status: z.enum(['pending', 'paid', 'expired']),
    expiresAt: IsoDateTime,
    paidAt: IsoDateTime.nullable(),
  })
  .meta({ id: 'PixCharge' })

export const BankDetailsResponse = z
  .object({
    beneficiary: z.string(),
    usd: z.object({
      bankName: z.string(),
      routingNumber: z.string(),
      accountNumber: z.string(),
      rails: z.array(z.enum(['ach', 'wire'])),
    }),
    eur: z.object({ bankName: z.string(), iban: z.string(), bic: z.string(), rails: z.array(z.literal('sepa')) }),
    feeBps: z.number().int(),
    fxFeeBps: z.number().int(),
    thirdPartyCapUsd: DecimalString,
  })
  .meta({ id: 'BankDetails' })
export const BankTransferInView = z.object({
  id: z.uuid(),
  rail: z.enum(['ach', 'wire', 'sepa']),
  currency: z.enum(['USD', 'EUR']),
  amount: DecimalString,
  senderName: z.string(),
  creditUsdc: DecimalString,
  feeUsdc: DecimalString,
  status: z.enum(['credited', 'returned']),
  returnReason: MovementReasonSchema.nullable(),
  createdAt: IsoDateTime,
})
export const BankTransfersInResponse = z.object({ items: z.array(BankTransferInView) }).meta({ id: 'BankTransfersIn' })

export const ProviderEventBody = z
  .object({
    id: z.string().min(1).max(100),
    type: z.string().min(1).max(60),
    created: z.string().max(40),
    data: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'ProviderEvent' })
export const WebhookAck = z
  .object({ received: z.literal(true), duplicate: z.boolean(), result: z.record(z.string(), z.unknown()).optional() })
  .meta({ id: 'WebhookAck' })

// Sandbox control API
export const SandboxChainTransferBody = z
  .object({ toAddress: z.string(), asset: HeldAssetSchema, amount: DecimalString, fromAddress: z.string().optional() })
  .meta({ id: 'SandboxChainTransfer' })
export const SandboxChainTransferResponse = z.object({
  txHash: z.string(),
  blockNumber: z.string(),
  creditedAfter: IsoDateTime,
})
export const SandboxBridgeOutcomeBody = z.object({
  status: z.enum(['delivered', 'payload_stored', 'failed']),
  reason: z.string().trim().max(200).check(plainText).optional(),
})
export const SandboxBankTransferBody = z
  .object({
    accountId: z.uuid(),
    rail: z.enum(['ach', 'wire', 'sepa']),
    amount: DecimalString,
    senderName: z.string().min(1).max(140),
    thirdParty: z.boolean().default(false),
  })
  .meta({ id: 'SandboxBankTransfer' })
export const SandboxEventResponse = z.object({ eventId: z.string(), deliverAt: IsoDateTime })

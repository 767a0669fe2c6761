import type { Language } from './word-format'

/**
 * The kinds of holds and journals the server writes, and of accounts, each worded in both languages for the back
 * office. The server's writers take these types (server/ledger/hold-service.ts, ledger-service.ts), so a new kind
 * must be worded here; a kind the catalogue does not know (an older row) shows as its code.
 */
export const HOLD_KINDS = ['card_authorization', 'withdrawal'] as const
export type HoldKind = (typeof HOLD_KINDS)[number]

export const JOURNAL_KINDS = [
  'bank_deposit',
  'bank_send',
  'bank_send_returned',
  'borrow_interest',
  'bridge_deposit',
  'card_fee',
  'card_refund',
  'card_spend',
  'cashback',
  'cashback_pool_funding',
  'conversion',
  'crypto_withdrawal',
  'deposit',
  'liquidation',
  'manual_refund',
  'membership_reward',
  'pix_spend',
  'pix_top_up',
  'recon_refund',
  'recon_write_off',
  'referral_cashback',
  'repay',
  'stake',
  'vault_deposit',
  'vault_withdrawal',
  'withdrawal',
  'withdrawal_returned',
] as const
export type JournalKind = (typeof JOURNAL_KINDS)[number]

export type AccountKind = 'personal' | 'corporate'

type Words = {
  hold: Record<HoldKind, string>
  journal: Record<JournalKind, string>
  account: Record<AccountKind, string>
}

const EN: Words = {
  hold: { card_authorization: 'Card purchase', withdrawal: 'Withdrawal' },
  journal: {
    bank_deposit: 'Bank transfer in',
    bank_send: 'Bank send',
    bank_send_returned: 'Bank send returned',
    borrow_interest: 'Borrow interest',
    bridge_deposit: 'Bridge deposit',
    card_fee: 'Card fee',
    card_refund: 'Card refund',
    card_spend: 'Card spend',
    cashback: 'Cashback',
    cashback_pool_funding: 'Cashback pool funding',
    conversion: 'Conversion',
    crypto_withdrawal: 'Crypto withdrawal',
    deposit: 'Deposit',
    liquidation: 'Liquidation',
    manual_refund: 'Manual refund',
    membership_reward: 'Membership reward',
    pix_spend: 'PIX payment',
    pix_top_up: 'PIX top-up',
    recon_refund: 'Recon refund',
    recon_write_off: 'Recon write-off',
    referral_cashback: 'Referral cashback',
    repay: 'Repayment',
    stake: 'Stake',
    vault_deposit: 'Vault deposit',
    vault_withdrawal: 'Vault withdrawal',
    withdrawal: 'Withdrawal',
    withdrawal_returned: 'Withdrawal returned',
  },
  account: { personal: 'Personal', corporate: 'Company' },
}

const PT_BR: Words = {
  hold: { card_authorization: 'Compra no cartão', withdrawal: 'Saque' },
  journal: {
    bank_deposit: 'Transferência bancária recebida',
    bank_send: 'Envio bancário',
    bank_send_returned: 'Envio bancário devolvido',
    borrow_interest: 'Juros do empréstimo',
    bridge_deposit: 'Depósito via ponte',
    card_fee: 'Tarifa do cartão',
    card_refund: 'Reembolso no cartão',
    card_spend: 'Gasto no cartão',
    cashback: 'Cashback',
    cashback_pool_funding: 'Recarga do fundo de cashback',
    conversion: 'Conversão',
    crypto_withdrawal: 'Saque de cripto',
    deposit: 'Depósito',
    liquidation: 'Liquidação',
    manual_refund: 'Reembolso manual',
    membership_reward: 'Recompensa de assinatura',
    pix_spend: 'Pagamento PIX',
    pix_top_up: 'Recarga PIX',
    recon_refund: 'Reembolso de conciliação',
    recon_write_off: 'Baixa de conciliação',
    referral_cashback: 'Cashback de indicação',
    repay: 'Pagamento do empréstimo',
    stake: 'Staking',
    vault_deposit: 'Depósito no cofre',
    vault_withdrawal: 'Resgate do cofre',
    withdrawal: 'Saque',
    withdrawal_returned: 'Saque devolvido',
  },
  account: { personal: 'Pessoal', corporate: 'Empresa' },
}

/** A kind of `group` in `language`; a kind the catalogue does not know shows as its code. */
export function kindText(group: keyof Words, kind: string, language: Language): string {
  const words = (language === 'pt-BR' ? PT_BR : EN)[group] as Record<string, string>
  return Object.hasOwn(words, kind) ? words[kind]! : kind
}

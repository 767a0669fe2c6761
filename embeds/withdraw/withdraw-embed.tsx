import type { EmbedProps } from '../lib/embed-props'
import { useI18n } from '../lib/i18n'
import { FrozenGate } from '../ui/frozen-gate'
import { NeedsAccount } from '../ui/needs-account'
import { Page } from '../ui/page'
import { CryptoWithdrawPage } from './crypto-withdraw-page'
import { WithdrawalStatusPage } from './withdrawal-status-page'

function WithdrawHub() {
  const { t } = useI18n()
  const ways = [
    { href: '/app/cash/withdraw/crypto', title: t('withdraw.way.crypto'), body: t('withdraw.way.crypto.body') },
    { href: '/app/cash/pix/send', title: t('withdraw.way.pix'), body: t('withdraw.way.pix.body') },
    { href: '/app/cash/bank/send', title: t('withdraw.way.bank'), body: t('withdraw.way.bank.body') },
    { href: '/app/cash/withdraw/crypto/status', title: t('withdraw.way.status'), body: t('withdraw.way.status.body') },
  ]
  return (
    <ul className="cash-link-list">
      {ways.map((w) => (
        <li key={w.href}>
          <a href={w.href}>
            <strong>{w.title}</strong>
            <span className="cash-muted">{w.body}</span>
          </a>
        </li>
      ))}
    </ul>
  )
}

/** Money out by crypto: the hub, the withdrawal form and its status. */
export function WithdrawEmbed({ path, title }: EmbedProps) {
  return (
    <Page title={title}>
      <NeedsAccount>
        {(accountId) =>
          path === '/withdraw/crypto' ? (
            <FrozenGate accountId={accountId}>
              <CryptoWithdrawPage accountId={accountId} />
            </FrozenGate>
          ) : path === '/withdraw/crypto/status' ? (
            <WithdrawalStatusPage accountId={accountId} />
          ) : (
            <WithdrawHub />
          )
        }
      </NeedsAccount>
    </Page>
  )
}

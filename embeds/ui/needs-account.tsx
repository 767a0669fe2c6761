import type { ReactNode } from 'react'
import { useAccountId } from '../lib/use-account'
import { useI18n } from '../lib/i18n'
import { CalloutCard } from './state-views'

/** Renders `children(accountId)`, or a pointer to setup for a user without an account yet. */
export function NeedsAccount({ children }: { children: (accountId: string) => ReactNode }) {
  const accountId = useAccountId()
  const { t } = useI18n()
  if (!accountId)
    return (
      <CalloutCard
        title={t('home.noAccount.title')}
        body={t('home.noAccount.body')}
        action={<a href="/app/cash/onboarding/personal">{t('home.noAccount.action')}</a>}
      />
    )
  return <>{children(accountId)}</>
}

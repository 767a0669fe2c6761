import { useCallback, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react'
import { z } from 'zod'
import { SandboxChainTransferResponse, SandboxEventResponse } from '../../domain/api/money-in.schema'
import { SandboxPurchaseResponse } from '../../domain/api/money-out.schema'
import { SandboxClockResult } from '../../domain/api/sandbox-clock.schema'
import { SandboxJobsResult, SandboxSettings, SandboxTarget } from '../../domain/api/sandbox.schema'
import { HELD_ASSETS, type HeldAsset } from '../../domain/asset'
import { formatDate } from '../../domain/format-date'
import { formatMoney } from '../../domain/money'
import { ApiError, type ApiClient } from '../lib/api-client'
import { useI18n } from '../lib/i18n'
import type { MessageKey } from '../lib/messages-en'
import { SelectField } from '../ui/select-field'
import { SandboxChip } from '../ui/sandbox-chip'
import { AmountField, useAmountInput } from '../ui/amount-field'
import { TextField } from '../ui/text-field'

/** Merchant categories a tester can buy in, one per rule the card decides by (gambling is blocked). */
const CATEGORIES = ['5812', '5411', '5541', '7011', '7512', '7995'] as const
const BANK_RAILS = ['ach', 'wire', 'sepa'] as const

type Props = {
  /** A platform admin's API client: every control is a `/sandbox/*` call. */
  api: ApiClient
  /** Whose account the controls act on: a member's e-mail or the account id. */
  who: string
  /** The server's environment (ClientConfig): the clock moves on test servers only. */
  environment: string
  /** Called once an event has landed (due jobs ran), so what shows the account reads it again. */
  onChanged: () => void
}

/**
 * The sandbox's test-mode dashboard for one account: money arriving (chain deposit, bank transfer, a PIX charge
 * paid), card purchases with their clearing, reversal or refund and a network timeout, identity decisions, and
 * time (run due jobs, move the clock). The QA harness and the back office's sandbox page both use it.
 */
export function SandboxControls({ api, who, environment, onChanged }: Props) {
  const { t, locale } = useI18n()
  const [target, setTarget] = useState<SandboxTarget | null>(null)
  const [settings, setSettings] = useState<SandboxSettings | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null)
  const [busy, setBusy] = useState(false)

  const load = useCallback(async () => {
    try {
      const [next, nextSettings] = await Promise.all([
        api.get(`/sandbox/targets/${encodeURIComponent(who)}`, SandboxTarget),
        api.get('/sandbox/settings', SandboxSettings),
      ])
      setTarget(next)
      setSettings(nextSettings)
      setLoadError(null)
    } catch (e) {
      setLoadError(e instanceof Error ? e.message : String(e))
    }
  }, [api, who])
  useEffect(() => void load(), [load])

  /** Runs one control: the call, then every job it made due, then the account is read again everywhere. */
  const act = async (call: () => Promise<string | { text: string; later: string }>) => {
    if (busy) return
    setBusy(true)
    setOutcome(null)
    try {
      const done = await call()
      const { text, later } = typeof done === 'string' ? { text: done, later: undefined } : done
      await api.post('/sandbox/jobs/run', SandboxJobsResult, {})
      setOutcome({ ok: true, text })
      onChanged()
      await load()
      // Something lands later (a chain deposit's confirmations): read again once the server said it would.
      if (later) {
        const wait = Math.max(0, new Date(later).getTime() - Date.now()) + 250
        setTimeout(
          () =>
            void api.post('/sandbox/jobs/run', SandboxJobsResult, {}).then(
              () => (onChanged(), load()),
              () => undefined,
            ),
          wait,
        )
      }
    } catch (e) {
      setOutcome({ ok: false, text: e instanceof ApiError || e instanceof Error ? e.message : String(e) })
    } finally {
      setBusy(false)
    }
  }

  if (loadError)
    return (
      <p className="cash-alert" role="alert">
        {loadError}
      </p>
    )
  if (!target || !settings) return <p className="cash-muted">{t('state.loading')}</p>
  const money = (units: string, asset: 'USDC' | 'BRL') => formatMoney(BigInt(units), asset, locale)
  const account = target.account
  return (
    <div className="cash-stack" data-testid="sandbox-controls">
      <div className="cash-row" style={{ alignItems: 'center' }}>
        <p style={{ margin: 0 }}>
          <strong>{account ? account.name : (target.user?.name ?? who)}</strong>
          <br />
          <span className="cash-muted">
            {target.user?.email ?? t(account?.kind === 'corporate' ? 'sandbox.corporate' : 'sandbox.personal')}
          </span>
        </p>
        <SandboxChip />
      </div>
      <p
        role="status"
        className={outcome ? (outcome.ok ? 'cash-notice' : 'cash-alert') : 'cash-visually-hidden'}
        data-testid="sandbox-outcome"
      >
        {outcome?.text ?? ''}
      </p>

      {account ? (
        <>
          <Group title={t('sandbox.moneyIn')}>
            <ChainDeposit
              busy={busy}
              depositAddress={account.depositAddress}
              onSubmit={(asset, amount) =>
                act(async () => {
                  const sent = await api.post('/sandbox/chain/transfers', SandboxChainTransferResponse, {
                    toAddress: account.depositAddress,
                    asset,
                    amount,
                  })
                  return { text: t('sandbox.chainSent', { amount: `${amount} ${asset}` }), later: sent.creditedAfter }
                })
              }
            />
            <BankTransfer
              busy={busy}
              onSubmit={(rail, amount, senderName) =>
                act(async () => {
                  await api.post('/sandbox/bank/transfers', SandboxEventResponse, {
                    accountId: account.id,
                    rail,
                    amount,
                    senderName,
                  })
                  return t('sandbox.bankArrived', { amount: money(toUnits(amount), 'USDC') })
                })
              }
            />
            <div className="cash-stack">
              <h4>{t('sandbox.pixPaid')}</h4>
              {target.pixCharges.length === 0 ? <p className="cash-muted">{t('sandbox.noPixCharges')}</p> : null}
              <ul className="cash-list">
                {target.pixCharges.map((c) => (
                  <li key={c.txid} className="cash-row" style={{ alignItems: 'center' }}>
                    <span>{money(c.brlAmount, 'BRL')}</span>
                    <button
                      type="button"
                      className="cash-button"
                      data-variant="secondary"
                      disabled={busy}
                      onClick={() =>
                        act(
                          async () => (
                            await api.post(`/sandbox/pix/charges/${c.txid}/pay`, SandboxEventResponse, {}),
                            t('sandbox.pixPaidDone', { amount: money(c.brlAmount, 'BRL') })
                          ),
                        )
                      }
                    >
                      {t('sandbox.pay')}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          </Group>

          <Group title={t('sandbox.cards')}>
            {target.cards.length === 0 ? (
              <p className="cash-muted">{t('sandbox.noCards')}</p>
            ) : (
              <Purchase
                busy={busy}
                cards={target.cards}
                onSubmit={(cardId, body) =>
                  act(async () => {
                    const r = await api.post(`/sandbox/cards/${cardId}/purchases`, SandboxPurchaseResponse, body)
                    return r.approved
                      ? t('sandbox.purchaseApproved', { merchant: body.merchantName })
                      : t('sandbox.purchaseDeclined', {
                          merchant: body.merchantName,
                          reason: r.message ?? r.reason ?? '',
                        })
                  })
                }
              />
            )}
            {target.authorizations.length ? (
              <div className="cash-stack">
                <h4>{t('sandbox.recentPurchases')}</h4>
                <ul className="cash-list" data-testid="sandbox-authorizations">
                  {target.authorizations.map((a) => (
                    <li key={a.networkId} className="cash-stack" style={{ gap: 8 }}>
                      <span className="cash-row">
                        <span>{a.merchantName}</span>
                        <span>{money(a.amount, 'USDC')}</span>
                      </span>
                      <span className="cash-muted">{t(`sandbox.auth.${a.status}` as MessageKey)}</span>
                      {a.status === 'approved' || a.status === 'cleared' ? (
                        <span className="cash-actions">
                          {(a.status === 'approved' ? (['clearing', 'reversal'] as const) : (['refund'] as const)).map(
                            (kind) => (
                              <button
                                key={kind}
                                type="button"
                                className="cash-button"
                                data-variant="secondary"
                                disabled={busy}
                                onClick={() =>
                                  act(
                                    async () => (
                                      await api.post(
                                        `/sandbox/card-authorizations/${a.networkId}/${kind}`,
                                        SandboxEventResponse,
                                        {},
                                      ),
                                      t(`sandbox.${kind}Done`, { merchant: a.merchantName })
                                    ),
                                  )
                                }
                              >
                                {t(`sandbox.${kind}`)}
                              </button>
                            ),
                          )}
                        </span>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </Group>
        </>
      ) : (
        <p className="cash-muted">{t('sandbox.noAccount')}</p>
      )}

      <Group title={t('sandbox.identity')}>
        <label className="cash-row" style={{ alignItems: 'center', justifyContent: 'flex-start' }}>
          <input
            type="checkbox"
            checked={settings.identityDecisions === 'manual'}
            disabled={busy}
            onChange={(e) => {
              const identityDecisions = e.target.checked ? 'manual' : 'auto'
              setSettings({ identityDecisions })
              void act(async () => {
                const next = await api.put('/sandbox/settings', SandboxSettings, { identityDecisions })
                setSettings(next)
                return t(next.identityDecisions === 'manual' ? 'sandbox.manualOn' : 'sandbox.manualOff')
              })
            }}
          />
          {t('sandbox.manualDecisions')}
        </label>
        {target.applications.length === 0 ? <p className="cash-muted">{t('sandbox.noApplications')}</p> : null}
        <ul className="cash-list">
          {target.applications.map((a) => (
            <li key={a.id} className="cash-stack" style={{ gap: 8 }}>
              <span>{t(a.kind === 'kyb' ? 'sandbox.kybOf' : 'sandbox.kycOf', { name: a.subject })}</span>
              <span className="cash-actions">
                {(['approved', 'rejected'] as const).map((decision) => (
                  <button
                    key={decision}
                    type="button"
                    className="cash-button"
                    data-variant={decision === 'approved' ? undefined : 'secondary'}
                    disabled={busy}
                    onClick={() =>
                      act(async () => {
                        await api.post(
                          `/sandbox/identity-applications/${a.reference}/decide`,
                          z.unknown(),
                          decision === 'approved' ? { decision } : { decision, reason: t('sandbox.rejectReason') },
                        )
                        return t(decision === 'approved' ? 'sandbox.approvedDone' : 'sandbox.rejectedDone', {
                          name: a.subject,
                        })
                      })
                    }
                  >
                    {t(decision === 'approved' ? 'sandbox.approve' : 'sandbox.reject')}
                  </button>
                ))}
              </span>
            </li>
          ))}
        </ul>
      </Group>

      <Group title={t('sandbox.time')}>
        <button
          type="button"
          className="cash-button"
          data-variant="secondary"
          disabled={busy}
          onClick={() => act(async () => t('sandbox.jobsRan'))}
        >
          {t('sandbox.runJobs')}
        </button>
        {environment === 'test' ? (
          <AdvanceClock
            busy={busy}
            onSubmit={(seconds) =>
              act(async () => {
                const r = await api.post('/sandbox/clock', SandboxClockResult, { advanceSeconds: seconds })
                return t('sandbox.clockMoved', {
                  when: formatDate(r.now, locale, 'stamp'),
                  jobs: r.ranJobs.toLocaleString(locale),
                })
              })
            }
          />
        ) : (
          <p className="cash-muted">{t('sandbox.clockTestOnly')}</p>
        )}
      </Group>
    </div>
  )
}

/** USDC base units of a decimal string the form already checked. */
function toUnits(decimal: string): string {
  const [whole = '0', fraction = ''] = decimal.split('.')
  return (BigInt(whole) * 1_000_000n + BigInt(`${fraction}000000`.slice(0, 6))).toString()
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <section
      className="cash-stack"
      aria-labelledby={id}
      style={{ borderTop: '1px solid var(--cash-border)', paddingTop: 'var(--cash-space)' }}
    >
      <h3 id={id} style={{ margin: 0 }}>
        {title}
      </h3>
      {children}
    </section>
  )
}

function ChainDeposit({
  busy,
  depositAddress,
  onSubmit,
}: {
  busy: boolean
  depositAddress: string | null
  onSubmit: (asset: HeldAsset, amount: string) => void
}) {
  const { t } = useI18n()
  const id = useId()
  const [asset, setAsset] = useState<HeldAsset>('USDC')
  const amount = useAmountInput(asset, { initial: '100' })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const value = amount.read()
    if (value) onSubmit(asset, value)
  }
  if (!depositAddress) return <p className="cash-muted">{t('sandbox.noAddress')}</p>
  return (
    <form className="cash-stack" onSubmit={submit} aria-label={t('sandbox.chainDeposit')}>
      <h4>{t('sandbox.chainDeposit')}</h4>
      <SelectField
        id={`${id}-asset`}
        label={t('sandbox.asset')}
        value={asset}
        onChange={(v) => setAsset(v as HeldAsset)}
      >
        {HELD_ASSETS.map((a) => (
          <option key={a} value={a}>
            {a}
          </option>
        ))}
      </SelectField>
      <AmountField name="amount" label={t('sandbox.amount')} amount={amount} />
      <button type="submit" className="cash-button" disabled={busy}>
        {t('sandbox.sendDeposit')}
      </button>
    </form>
  )
}

function BankTransfer({
  busy,
  onSubmit,
}: {
  busy: boolean
  onSubmit: (rail: string, amount: string, senderName: string) => void
}) {
  const { t } = useI18n()
  const id = useId()
  const [rail, setRail] = useState<(typeof BANK_RAILS)[number]>('ach')
  const [sender, setSender] = useState('Sandbox Sender')
  const [senderError, setSenderError] = useState<string | undefined>()
  const amount = useAmountInput('USD', { initial: '250' })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const value = amount.read()
    const name = sender.trim()
    setSenderError(name ? undefined : t('sandbox.senderNeeded'))
    if (value && name) onSubmit(rail, value, name)
  }
  return (
    <form className="cash-stack" onSubmit={submit} aria-label={t('sandbox.bankTransfer')}>
      <h4>{t('sandbox.bankTransfer')}</h4>
      <SelectField id={`${id}-rail`} label={t('sandbox.rail')} value={rail} onChange={(v) => setRail(v as typeof rail)}>
        {BANK_RAILS.map((r) => (
          <option key={r} value={r}>
            {t(`sandbox.rail.${r}`)}
          </option>
        ))}
      </SelectField>
      <AmountField name="bankAmount" label={t('sandbox.amountUsd')} amount={amount} />
      <TextField
        name="sender"
        label={t('sandbox.sender')}
        value={sender}
        error={senderError}
        maxLength={140}
        onChange={(e) => (setSender(e.target.value), setSenderError(undefined))}
      />
      <button type="submit" className="cash-button" disabled={busy}>
        {t('sandbox.receiveTransfer')}
      </button>
    </form>
  )
}

type PurchaseBody = { amount: string; merchantName: string; mcc: string; networkTimeout: boolean }

function Purchase({
  busy,
  cards,
  onSubmit,
}: {
  busy: boolean
  cards: SandboxTarget['cards']
  onSubmit: (cardId: string, body: PurchaseBody) => void
}) {
  const { t } = useI18n()
  const id = useId()
  const [cardId, setCardId] = useState(cards[0]!.id)
  const [merchant, setMerchant] = useState('Padaria Central')
  const [merchantError, setMerchantError] = useState<string | undefined>()
  const [mcc, setMcc] = useState<string>('5812')
  const amount = useAmountInput('USD', { initial: '12' })
  const send = (networkTimeout: boolean) => {
    const value = amount.read()
    const name = merchant.trim()
    setMerchantError(name ? undefined : t('sandbox.merchantNeeded'))
    if (value && name) onSubmit(cardId, { amount: value, merchantName: name, mcc, networkTimeout })
  }
  return (
    <form className="cash-stack" onSubmit={(e) => (e.preventDefault(), send(false))} aria-label={t('sandbox.purchase')}>
      <h4>{t('sandbox.purchase')}</h4>
      <SelectField id={`${id}-card`} label={t('sandbox.card')} value={cardId} onChange={setCardId}>
        {cards.map((c) => (
          <option key={c.id} value={c.id}>
            {t(c.kind === 'physical' ? 'sandbox.cardPhysical' : 'sandbox.cardVirtual', { last4: c.last4 })}
          </option>
        ))}
      </SelectField>
      <TextField
        name="merchant"
        label={t('sandbox.merchant')}
        value={merchant}
        error={merchantError}
        maxLength={60}
        onChange={(e) => (setMerchant(e.target.value), setMerchantError(undefined))}
      />
      <AmountField name="purchaseAmount" label={t('sandbox.amountUsd')} amount={amount} />
      <SelectField id={`${id}-mcc`} label={t('sandbox.category')} value={mcc} onChange={setMcc}>
        {CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {t(`sandbox.mcc.${c}`)}
          </option>
        ))}
      </SelectField>
      <span className="cash-actions">
        <button type="submit" className="cash-button" disabled={busy}>
          {t('sandbox.buy')}
        </button>
        <button
          type="button"
          className="cash-button"
          data-variant="secondary"
          disabled={busy}
          onClick={() => send(true)}
        >
          {t('sandbox.networkTimeout')}
        </button>
      </span>
    </form>
  )
}

function AdvanceClock({ busy, onSubmit }: { busy: boolean; onSubmit: (seconds: number) => void }) {
  const { t } = useI18n()
  const [minutes, setMinutes] = useState('5')
  const [error, setError] = useState<string | undefined>()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const n = Number(minutes)
    if (!/^\d{1,5}$/.test(minutes.trim()) || n < 1 || n > 43_200) return setError(t('sandbox.minutesInvalid'))
    onSubmit(n * 60)
  }
  return (
    <form className="cash-stack" onSubmit={submit} aria-label={t('sandbox.advanceClock')}>
      <TextField
        name="minutes"
        label={t('sandbox.minutes')}
        inputMode="numeric"
        value={minutes}
        error={error}
        onChange={(e) => (setMinutes(e.target.value), setError(undefined))}
      />
      <button type="submit" className="cash-button" data-variant="secondary" disabled={busy}>
        {t('sandbox.advanceClock')}
      </button>
    </form>
  )
}

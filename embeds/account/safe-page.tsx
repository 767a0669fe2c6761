import { useState } from 'react'
import { SafeView } from '../../domain/api/safe.schema'
import { formatDuration } from '../../domain/format-date'
import { RECOVERY_DELAY_SECONDS, recoverySignerName } from '../../domain/safe'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { useAction } from '../lib/use-action'
import { formatClock, formatSeconds, useCountdown } from '../lib/use-countdown'
import { useResource } from '../lib/use-resource'
import { ConfirmSheet, type Confirmation } from '../ui/confirm-sheet'
import { CopyButton } from '../ui/copy-button'
import { FormFooter } from '../ui/form-footer'
import { CalloutCard } from '../ui/state-views'
import { TextField } from '../ui/text-field'
import { ResourceView } from '../ui/resource-view'

type Safe = NonNullable<SafeView['safe']>
type Pending = { title: string; lines: { label: string; value: string }[]; send: (c: Confirmation) => Promise<unknown> }

function Countdown({ at }: { at: string }) {
  const { t } = useI18n()
  const seconds = useCountdown(at)
  const days = Math.floor(seconds / 86400)
  return (
    <span className="cash-mono" style={{ whiteSpace: 'nowrap' }}>
      {days > 0
        ? t('safe.ops.inDays', {
            days: String(days),
            time: formatClock(seconds % 86400),
          })
        : formatSeconds(seconds)}
    </span>
  )
}

/** The operations waiting out a security delay, each with its countdown. */
function SecurityOperations({ safe }: { safe: Safe }) {
  const { t } = useI18n()
  return (
    <section className="cash-card cash-stack" aria-labelledby="safe-ops" data-testid="safe.operations">
      <h2 id="safe-ops">{t('safe.ops.title')}</h2>
      {safe.securityOperations.length === 0 ? (
        <p className="cash-muted" style={{ margin: 0 }}>
          {t('safe.ops.none')}
        </p>
      ) : (
        <ul className="cash-list">
          {safe.securityOperations.map((op) => (
            <li key={op.id} className="cash-row">
              <a href={op.href}>{t(`safe.ops.${op.kind}`, { summary: op.summary })}</a>
              <Countdown at={op.at} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** Recovery: the three signers, adding your own, and a recovery in progress with its approvals. */
function Recovery({
  accountId,
  safe,
  canManage,
  confirm,
  reload,
}: {
  accountId: string
  safe: Safe
  canManage: boolean
  confirm: (p: Pending) => void
  reload: () => void
}) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  /** The delay the server enforces, in words. */
  const delay = formatDuration(RECOVERY_DELAY_SECONDS, locale)
  const [signer, setSigner] = useState('')
  const [incoming, setIncoming] = useState('')
  const [signature, setSignature] = useState('')
  const approve = useAction()
  const recovery = safe.recovery
  const holderSigner = safe.recoverySigners.find((s) => s.kind === 'holder')
  return (
    <section id="recovery" className="cash-card cash-stack" aria-labelledby="safe-recovery" data-testid="safe.recovery">
      <h2 id="safe-recovery">{t('safe.recovery.title')}</h2>
      <p className="cash-muted" style={{ margin: 0 }}>
        {t('safe.recovery.body', { delay })}
      </p>
      <ul className="cash-list">
        {safe.recoverySigners.map((s) => (
          <li key={s.kind} className="cash-row">
            <span>{recoverySignerName(s.kind, s.ownLabel, locale)}</span>
            <code className="cash-mono">
              {s.address.slice(0, 6)}…{s.address.slice(-4)}
            </code>
          </li>
        ))}
        {holderSigner ? null : <li className="cash-muted">{t('safe.recovery.noHolderSigner')}</li>}
      </ul>
      {canManage && !recovery ? (
        <form
          className="cash-stack"
          noValidate
          onSubmit={(e) => (
            e.preventDefault(),
            confirm({
              title: t('safe.recovery.signerTitle'),
              lines: [{ label: t('safe.recovery.signerAddress'), value: signer }],
              send: (c) =>
                api.put(`/accounts/${accountId}/safe/recovery-signer`, SafeView, { address: signer, confirmation: c }),
            })
          )}
        >
          <TextField
            label={t('safe.recovery.signerAddress')}
            name="signer"
            autoComplete="off"
            spellCheck={false}
            value={signer}
            onChange={(e) => setSigner(e.target.value)}
          />
          <div>
            <button type="submit" className="cash-button" data-variant="secondary" disabled={!signer}>
              {holderSigner ? t('safe.recovery.replaceSigner') : t('safe.recovery.addSigner')}
            </button>
          </div>
        </form>
      ) : null}
      {recovery ? (
        <div className="cash-notice cash-stack" role="status" data-testid="safe.recovery.open">
          <span>
            {t(`safe.recovery.${recovery.status}`, {
              owner: recovery.incomingOwner,
              approvals: String(recovery.approvals.length),
              needed: String(recovery.needed),
            })}
          </span>
          {recovery.executesAt ? (
            <>
              <span>
                {t('safe.recovery.executesIn')} <Countdown at={recovery.executesAt} />
              </span>
              <span className="cash-muted">{t('safe.recovery.waitsWhileFrozen', { delay })}</span>
            </>
          ) : null}
          {recovery.status === 'collecting' && holderSigner && !recovery.approvals.includes('holder') && canManage ? (
            <form
              className="cash-stack"
              noValidate
              onSubmit={(e) => (
                e.preventDefault(),
                void approve.run(
                  async () => (
                    await api.post(`/accounts/${accountId}/safe/recoveries/${recovery.id}/approve`, SafeView, {
                      signature: signature.trim(),
                    }),
                    setSignature(''),
                    reload()
                  ),
                )
              )}
            >
              <span>{t('safe.recovery.signThis')}</span>
              <pre className="cash-mono" style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                {recovery.message}
              </pre>
              <div>
                <CopyButton text={recovery.message} label={t('safe.recovery.copyMessage')} />
              </div>
              <TextField
                label={t('safe.recovery.signature')}
                name="signature"
                autoComplete="off"
                spellCheck={false}
                value={signature}
                error={approve.fieldErrors.signature}
                onChange={(e) => setSignature(e.target.value)}
              />
              <FormFooter
                error={approve.error}
                busy={approve.busy}
                label={t('safe.recovery.approve')}
                busyLabel={t('safe.recovery.approving')}
              />
            </form>
          ) : null}
          {canManage ? (
            <div>
              <button
                type="button"
                className="cash-button"
                data-variant="secondary"
                onClick={() =>
                  confirm({
                    title: t('safe.recovery.cancelTitle'),
                    lines: [{ label: t('safe.recovery.incoming'), value: recovery.incomingOwner }],
                    send: (c) =>
                      api.post(`/accounts/${accountId}/safe/recoveries/cancel`, SafeView, { confirmation: c }),
                  })
                }
              >
                {t('safe.recovery.cancel')}
              </button>
            </div>
          ) : null}
        </div>
      ) : canManage ? (
        <form
          className="cash-stack"
          noValidate
          onSubmit={(e) => (
            e.preventDefault(),
            confirm({
              title: t('safe.recovery.startTitle'),
              lines: [
                { label: t('safe.recovery.incoming'), value: incoming },
                { label: t('safe.recovery.delay'), value: t('safe.recovery.delayValue') },
              ],
              send: (c) =>
                api.post(`/accounts/${accountId}/safe/recoveries`, SafeView, {
                  incomingOwner: incoming,
                  confirmation: c,
                }),
            })
          )}
        >
          <TextField
            label={t('safe.recovery.incoming')}
            name="incomingOwner"
            autoComplete="off"
            spellCheck={false}
            value={incoming}
            hint={t('safe.recovery.incomingHint')}
            onChange={(e) => setIncoming(e.target.value)}
          />
          <div>
            <button type="submit" className="cash-button" data-variant="secondary" disabled={!incoming}>
              {t('safe.recovery.start')}
            </button>
          </div>
        </form>
      ) : null}
    </section>
  )
}

/** `/safe`: the account's safe — address, owners, threshold, pending security operations and recovery. */
export function SafePage({ accountId, canManage }: { accountId: string; canManage: boolean }) {
  const { t } = useI18n()
  const { api } = useSession()
  const [pending, setPending] = useState<Pending | null>(null)
  const data = useResource(
    `safe-page:${accountId}`,
    (signal) => api.get(`/accounts/${accountId}/safe`, SafeView, signal),
    { pollMs: 2000, keepPolling: (s) => s.safe?.status === 'deploying' },
  )
  return (
    <ResourceView resource={data}>
      {(loaded) => {
        const safe = loaded.safe
        if (!safe)
          return (
            <CalloutCard
              title={t('safe.none')}
              body={t('safe.create.body')}
              action={<a href="/app/cash/safe-creation">{t('safe.create.submit')}</a>}
            />
          )
        if (pending) {
          return (
            <ConfirmSheet
              title={pending.title}
              lines={pending.lines}
              total="0"
              asset="USD"
              detail={pending.title}
              submitLabel={t('confirm.confirm')}
              onBack={() => setPending(null)}
              onSend={async (c) => {
                await pending.send(c)
                setPending(null)
                data.reload()
              }}
            />
          )
        }
        return (
          <div className="cash-stack">
            <section className="cash-card cash-stack" aria-labelledby="safe-address" data-testid="safe.summary">
              <h2 id="safe-address">{t('safe.address')}</h2>
              <code className="cash-mono" style={{ overflowWrap: 'anywhere' }}>
                {safe.address}
              </code>
              <div>
                <CopyButton text={safe.address} label={t('safe.copyAddress')} />
              </div>
              <p className="cash-muted" style={{ margin: 0 }}>
                {safe.status === 'deployed'
                  ? t('safe.deployed', { network: safe.network })
                  : t('safe.deploying', { network: safe.network })}
              </p>
              <dl className="cash-stack" style={{ margin: 0 }}>
                <div className="cash-row">
                  <dt>{t('safe.threshold')}</dt>
                  <dd>{t('safe.thresholdOf', { n: String(safe.threshold), of: String(safe.owners.length) })}</dd>
                </div>
              </dl>
              <strong>{t('safe.owners')}</strong>
              <ul className="cash-list">
                {safe.owners.map((o) => (
                  <li key={o.address} className="cash-row">
                    <span>{o.name ?? t('safe.externalOwner')}</span>
                    <code className="cash-mono">
                      {o.address.slice(0, 6)}…{o.address.slice(-4)}
                    </code>
                  </li>
                ))}
              </ul>
            </section>
            <SecurityOperations safe={safe} />
            <Recovery
              accountId={accountId}
              safe={safe}
              canManage={canManage}
              confirm={setPending}
              reload={data.reload}
            />
          </div>
        )
      }}
    </ResourceView>
  )
}

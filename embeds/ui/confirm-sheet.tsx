import { useState, type FormEvent } from 'react'
import type { z } from 'zod'
import { ConfirmationChallengeResponse } from '../../domain/api/auth.schema'
import type { ConfirmationSchema } from '../../domain/api/money-out.schema'
import { useBridge } from '../lib/bridge-context'
import { useSession } from '../lib/session'
import { ApiError } from '../lib/api-client'
import { useI18n } from '../lib/i18n'
import { FormFooter } from './form-footer'
import { TextField } from './text-field'

export type Confirmation = z.infer<typeof ConfirmationSchema>

/**
 * The last step of every money movement: the all-in cost, then the holder's approval, by the host's
 * biometrics where the app offers them, else by password. `send` gets the confirmation to pass on.
 */
export function ConfirmSheet({
  title,
  lines,
  total,
  asset,
  detail,
  onBack,
  submitLabel,
  ...commit
}: {
  title: string
  /** What the button commits, a line each; `code` sets a value that is an address or key in the monospace face. */
  lines: { label: string; value: string; code?: boolean }[]
  total: string
  asset: string
  detail: string
  onBack: () => void
  /**
   * The button's words when this confirms something other than sending money (a mode or limit change, showing card
   * details).
   */
  submitLabel?: string
} & (
  | { onSend: (confirmation: Confirmation) => Promise<void> }
  /** Undoing something that only returns money (cancelling a withdrawal): asked once, with no password. */
  | { onConfirm: () => Promise<void> }
)) {
  const { t } = useI18n()
  const bridge = useBridge()
  const { api } = useSession()
  const approval = 'onSend' in commit
  const biometric = approval && bridge.has('confirm')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [passwordError, setPasswordError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (busy) return
    setError(null)
    setPasswordError(undefined)
    setBusy(true)
    try {
      if (!('onSend' in commit)) return await commit.onConfirm()
      let confirmation: Confirmation
      if (biometric) {
        // The host proves its biometric check by answering a fresh challenge of this session (issue 19).
        const challenge = await api.post('/auth/confirmations/challenge', ConfirmationChallengeResponse)
        const answer = await bridge.call('confirm', {
          title,
          amount: total,
          asset,
          detail,
          challenge: challenge.challenge,
        })
        if (!answer.confirmed || !answer.signature) {
          setError(t('confirm.declined'))
          return
        }
        confirmation = { method: 'host', challengeId: challenge.challengeId, signature: answer.signature }
      } else {
        if (!password) {
          setPasswordError(t('confirm.passwordNeeded'))
          return
        }
        confirmation = { method: 'password', password }
      }
      await commit.onSend(confirmation)
    } catch (err) {
      if (err instanceof ApiError && err.fields.password) setPasswordError(err.fields.password)
      else setError(err instanceof Error ? err.message : String(err))
    } finally {
      setBusy(false)
    }
  }
  return (
    <form
      className="cash-card cash-stack"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-busy={busy}
      aria-label={t('confirm.label')}
    >
      <h2>{t('confirm.review')}</h2>
      <dl className="cash-stack" style={{ margin: 0 }} data-testid="confirm.summary">
        {lines.map((line) => (
          <div key={line.label} className="cash-row">
            <dt>{line.label}</dt>
            <dd className={line.code ? 'cash-mono' : 'cash-value'}>{line.value}</dd>
          </div>
        ))}
      </dl>
      {biometric || !approval ? null : (
        <TextField
          label={t('confirm.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          error={passwordError}
          onChange={(e) => setPassword(e.target.value)}
        />
      )}
      <FormFooter
        error={error}
        busy={busy}
        label={biometric ? t('confirm.biometric') : (submitLabel ?? t('confirm.send'))}
        busyLabel={t('confirm.sending')}
      />
      <button type="button" className="cash-button" data-variant="secondary" onClick={onBack} disabled={busy}>
        {t('confirm.back')}
      </button>
    </form>
  )
}

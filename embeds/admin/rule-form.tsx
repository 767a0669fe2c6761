import { useState } from 'react'
import type { z } from 'zod'
import { RuleBody, RuleView } from '../../domain/api/cashback.schema'
import { localisedFieldErrors } from '../lib/localise-error'
import { CASHBACK_CATEGORIES, CASHBACK_CUT_NOTICE_DAYS } from '../../domain/cashback'
import type { FieldErrors } from '../../domain/errors'
import { useI18n } from '../lib/i18n'
import { bpsHint } from './bps-hint'
import { useSession } from '../lib/session'
import { useAction } from '../lib/use-action'
import { SelectField } from '../ui/select-field'
import { TextField } from '../ui/text-field'

type Rule = z.infer<typeof RuleView>
type Form = {
  name: string
  category: string
  merchantName: string
  startsAt: string
  endsAt: string
  bps: string
  effectiveFrom: string
}
const EMPTY: Form = { name: '', category: '', merchantName: '', startsAt: '', endsAt: '', bps: '', effectiveFrom: '' }
/** `datetime-local` (read as UTC) ↔ ISO. */
export const toIso = (local: string) => (local ? `${local.length === 16 ? `${local}:00` : local}.000Z` : null)
const toLocal = (iso: string | null) => (iso ? iso.slice(0, 16) : '')

/**
 * Create a rule, or change one as a new version; checked with the server's schema, the server's field errors (a cut too
 * soon) at their field.
 */
export function RuleForm({
  editing,
  onDone,
  onCancel,
}: {
  editing: Rule | null
  onDone: () => void
  onCancel: () => void
}) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const [f, setF] = useState<Form>(
    editing
      ? {
          name: editing.name,
          category: editing.category ?? '',
          merchantName: editing.merchantName ?? '',
          startsAt: toLocal(editing.startsAt),
          endsAt: toLocal(editing.endsAt),
          bps: String(editing.bps),
          effectiveFrom: '',
        }
      : EMPTY,
  )
  const [errors, setErrors] = useState<FieldErrors>({})
  const [saved, setSaved] = useState<string | null>(null)
  const save = useAction()
  const err = (k: keyof Form) => errors[k] ?? save.fieldErrors[k]
  const field = (name: keyof Form, label: string, props: Record<string, unknown> = {}, hint?: string) => (
    <TextField
      name={name}
      label={label}
      value={f[name]}
      error={err(name)}
      onChange={(e) => setF((x) => ({ ...x, [name]: e.target.value }))}
      {...(hint ? { hint } : {})}
      {...props}
    />
  )
  const submit = () => {
    setSaved(null)
    const body = {
      name: f.name,
      category: f.category || null,
      merchantName: f.merchantName.trim() || null,
      startsAt: toIso(f.startsAt),
      endsAt: toIso(f.endsAt),
      bps: f.bps.trim() === '' ? Number.NaN : Number(f.bps),
      ...(f.effectiveFrom ? { effectiveFrom: toIso(f.effectiveFrom)! } : {}),
    }
    const parsed = RuleBody.safeParse(body)
    const local = parsed.success ? {} : localisedFieldErrors(parsed.error, locale)
    setErrors(local)
    if (Object.keys(local).length > 0) return
    void save.run(async () => {
      const res = editing
        ? await api.put(`/admin/cashback-rules/${editing.ruleId}`, RuleView, body)
        : await api.post('/admin/cashback-rules', RuleView, body)
      setSaved(
        t(editing ? 'admin.rules.changed' : 'admin.rules.created', { name: res.name, version: String(res.version) }),
      )
      setF(EMPTY)
      onDone()
    })
  }
  return (
    <form
      className="cash-card cash-stack"
      aria-labelledby="rule-form-title"
      noValidate
      onSubmit={(e) => (e.preventDefault(), submit())}
      data-testid="admin.rule-form"
    >
      <h2 id="rule-form-title">
        {editing ? t('admin.rules.changeTitle', { name: editing.name }) : t('admin.rules.create')}
      </h2>
      {field('name', t('admin.rules.field.name'))}
      <SelectField
        id="rule-category"
        label={t('admin.rules.field.category')}
        value={f.category}
        error={err('category')}
        onChange={(v) => setF((x) => ({ ...x, category: v }))}
      >
        <option value="">{t('admin.rules.field.anyCategory')}</option>
        {CASHBACK_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {t(`promotion.category.${c}`)}
          </option>
        ))}
      </SelectField>
      {field('merchantName', t('admin.rules.field.merchant'), {}, t('admin.rules.field.merchantHint'))}
      {field('startsAt', t('admin.rules.field.startsAt'), { type: 'datetime-local' })}
      {field('endsAt', t('admin.rules.field.endsAt'), { type: 'datetime-local' })}
      {field('bps', t('admin.rules.field.bps'), { inputMode: 'numeric' }, bpsHint(t, locale))}
      {field(
        'effectiveFrom',
        t('admin.rules.field.effectiveFrom'),
        { type: 'datetime-local' },
        t('admin.rules.field.effectiveHint', { days: String(CASHBACK_CUT_NOTICE_DAYS) }),
      )}
      {save.error ? (
        <p className="cash-alert" role="alert">
          {save.error}
        </p>
      ) : null}
      {saved ? (
        <p role="status" className="cash-notice" style={{ margin: 0 }}>
          {saved}
        </p>
      ) : null}
      <div className="cash-actions">
        <button type="submit" className="cash-button" disabled={save.busy}>
          {editing ? t('admin.rules.saveChange') : t('admin.rules.submit')}
        </button>
        {editing ? (
          <button type="button" className="cash-button" data-variant="secondary" onClick={onCancel}>
            {t('admin.rules.cancelChange')}
          </button>
        ) : null}
      </div>
    </form>
  )
}

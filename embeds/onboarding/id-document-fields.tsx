import type { FieldErrors } from '../../domain/errors'
import { useI18n } from '../lib/i18n'
import { DocumentField } from './document-field'

export type IdDocumentValues = { type: 'passport' | 'id_card'; front: string | null; back: string | null }
export const EMPTY_ID: IdDocumentValues = { type: 'id_card', front: null, back: null }

/** The photo ID as the API takes it: a passport has one side. */
export function idDocumentBody(v: IdDocumentValues) {
  return { type: v.type, front: v.front ?? undefined, ...(v.type === 'id_card' ? { back: v.back ?? undefined } : {}) }
}

/** Passport or ID card, and the files for its sides; `whose` names an owner in the labels. */
export function IdDocumentFields({
  prefix,
  value,
  errors,
  onChange,
  whose,
  testId,
}: {
  prefix: string
  value: IdDocumentValues
  errors: FieldErrors
  onChange: (change: (v: IdDocumentValues) => IdDocumentValues) => void
  whose?: string
  testId: string
}) {
  const { t } = useI18n()
  const suffix = whose ? ` (${whose})` : ''
  return (
    <fieldset className="cash-stack" style={{ border: 0, padding: 0, margin: 0 }}>
      <legend>{t('identity.id.legend') + suffix}</legend>
      <label>
        <input
          type="radio"
          name={`${prefix}.type`}
          checked={value.type === 'id_card'}
          onChange={() => onChange(() => ({ type: 'id_card', front: null, back: null }))}
        />{' '}
        {t('identity.id.idCard')}
      </label>
      <label>
        <input
          type="radio"
          name={`${prefix}.type`}
          checked={value.type === 'passport'}
          onChange={() => onChange(() => ({ type: 'passport', front: null, back: null }))}
        />{' '}
        {t('identity.id.passport')}
      </label>
      {value.type === 'passport' ? (
        <DocumentField
          key="passport"
          label={t('identity.id.passportPage') + suffix}
          kind="passport"
          error={errors[`${prefix}.front`]}
          onUploaded={(id) => onChange((v) => ({ ...v, front: id }))}
          testId={`${testId}.front`}
        />
      ) : (
        <>
          <DocumentField
            key="front"
            label={t('identity.id.front') + suffix}
            kind="id_front"
            error={errors[`${prefix}.front`]}
            onUploaded={(id) => onChange((v) => ({ ...v, front: id }))}
            testId={`${testId}.front`}
          />
          <DocumentField
            key="back"
            label={t('identity.id.back') + suffix}
            kind="id_back"
            error={errors[`${prefix}.back`]}
            onUploaded={(id) => onChange((v) => ({ ...v, back: id }))}
            testId={`${testId}.back`}
          />
        </>
      )}
    </fieldset>
  )
}

import type { FieldErrors } from '../../domain/errors'
import { useI18n } from '../lib/i18n'
import { CountryField } from '../ui/country-field'
import { TextField } from '../ui/text-field'
import { EMPTY_ID, IdDocumentFields, type IdDocumentValues } from './id-document-fields'

export type OwnerValues = {
  key: string
  name: string
  birthDate: string
  nationality: string
  email: string
  ownership: string
  idDocument: IdDocumentValues
}
export const emptyOwner = (): OwnerValues => ({
  key: crypto.randomUUID(),
  name: '',
  birthDate: '',
  nationality: '',
  email: '',
  ownership: '',
  idDocument: EMPTY_ID,
})

type TextKey = 'name' | 'birthDate' | 'nationality' | 'email' | 'ownership'

/** One beneficial owner: who they are, their share and their own photo ID (checked by their own KYC). */
export function OwnerFields({
  index,
  value,
  errors,
  onChange,
  onRemove,
}: {
  index: number
  value: OwnerValues
  errors: FieldErrors
  onChange: (path: string, change: (o: OwnerValues) => OwnerValues) => void
  onRemove: (() => void) | null
}) {
  const { t } = useI18n()
  const prefix = `owners.${index}`
  const label = t('kyb.owner.legend', { n: String(index + 1) })
  const text = (key: TextKey) => ({
    name: `${prefix}.${key}`,
    value: value[key],
    error: errors[`${prefix}.${key}`],
    onChange: (e: { target: { value: string } }) =>
      onChange(`${prefix}.${key}`, (o) => ({ ...o, [key]: e.target.value })),
  })
  return (
    <fieldset className="cash-card cash-stack" data-testid={`kyb.owner.${index}`}>
      <legend>{label}</legend>
      <TextField label={t('kyb.owner.name')} {...text('name')} />
      <TextField label={t('kyb.owner.birthDate')} type="date" {...text('birthDate')} />
      <CountryField
        id={`${prefix}.nationality`}
        name={`${prefix}.nationality`}
        label={t('kyb.owner.nationality')}
        value={value.nationality}
        error={errors[`${prefix}.nationality`]}
        onChange={(code) => onChange(`${prefix}.nationality`, (o) => ({ ...o, nationality: code }))}
      />
      <TextField label={t('kyb.owner.email')} type="email" {...text('email')} />
      <TextField
        label={t('kyb.owner.ownership')}
        hint={t('kyb.owner.ownershipHint')}
        inputMode="decimal"
        {...text('ownership')}
      />
      <IdDocumentFields
        prefix={`${prefix}.idDocument`}
        value={value.idDocument}
        errors={errors}
        whose={label}
        testId={`kyb.owner.${index}.id`}
        onChange={(change) => onChange(`${prefix}.idDocument`, (o) => ({ ...o, idDocument: change(o.idDocument) }))}
      />
      {onRemove ? (
        <div>
          <button type="button" className="cash-button" data-variant="secondary" onClick={onRemove}>
            {t('kyb.owner.remove', { n: String(index + 1) })}
          </button>
        </div>
      ) : null}
    </fieldset>
  )
}

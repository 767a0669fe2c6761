import { KycBody, VerificationView } from '../../domain/api/identity.schema'
import { assertAdult } from '../../domain/identity'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { FormFooter } from '../ui/form-footer'
import { CountryField } from '../ui/country-field'
import { TextField } from '../ui/text-field'
import { AddressFields, addressBody, EMPTY_ADDRESS, type AddressValues } from './address-fields'
import { DocumentField } from './document-field'
import { EMPTY_ID, IdDocumentFields, idDocumentBody, type IdDocumentValues } from './id-document-fields'
import { UploadTracking, useUploadsInFlight } from './upload-tracking'
import { ruleErrors, useNestedForm } from './use-nested-form'

type Values = {
  legalName: string
  birthDate: string
  address: AddressValues
  nationality: string
  idDocument: IdDocumentValues
  selfie: string | null
}

/** Today's date where the person is, for the age check before sending (the server checks again on its date). */
const localToday = () => {
  const d = new Date()
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

/** The KYC application: who you are, where you live, your photo ID and a selfie; errors at each field. */
export function KycForm({ onSubmitted }: { onSubmitted: (view: VerificationView) => void }) {
  const { t } = useI18n()
  const { api } = useSession()
  const form = useNestedForm<Values>({
    legalName: '',
    birthDate: '',
    address: EMPTY_ADDRESS,
    nationality: '',
    idDocument: EMPTY_ID,
    selfie: null,
  })
  const { values: v, errors } = form
  const uploads = useUploadsInFlight()
  const text = (key: 'legalName' | 'birthDate' | 'nationality') => ({
    name: key,
    value: v[key],
    error: errors[key],
    onChange: (e: { target: { value: string } }) => form.update(key, (old) => ({ ...old, [key]: e.target.value })),
  })
  const body = {
    legalName: v.legalName,
    birthDate: v.birthDate,
    address: addressBody(v.address),
    nationality: v.nationality,
    idDocument: idDocumentBody(v.idDocument),
    selfie: v.selfie ?? undefined,
  }
  const send = () =>
    form.submit(
      KycBody,
      body,
      () => (v.birthDate ? ruleErrors(() => assertAdult(v.birthDate, localToday())) : {}),
      async (parsed) => onSubmitted(await api.post('/kyc', VerificationView, parsed)),
    )
  return (
    <form
      className="cash-card cash-stack"
      noValidate
      aria-label={t('kyc.form.title')}
      onSubmit={(e) => (e.preventDefault(), uploads.uploading || void send())}
    >
      <UploadTracking.Provider value={uploads.track}>
        <p style={{ margin: 0 }}>{t('kyc.form.intro')}</p>
        <TextField
          label={t('kyc.field.legalName')}
          hint={t('kyc.field.legalNameHint')}
          autoComplete="name"
          {...text('legalName')}
        />
        <TextField label={t('kyc.field.birthDate')} type="date" autoComplete="bday" {...text('birthDate')} />
        <CountryField
          id="kyc-nationality"
          name="nationality"
          label={t('kyc.field.nationality')}
          value={v.nationality}
          error={errors.nationality}
          onChange={(code) => form.update('nationality', (old) => ({ ...old, nationality: code }))}
        />
        <AddressFields
          legend={t('kyc.field.address')}
          prefix="address"
          value={v.address}
          errors={errors}
          onChange={(key, value) =>
            form.update(`address.${key}`, (old) => ({ ...old, address: { ...old.address, [key]: value } }))
          }
        />
        <IdDocumentFields
          prefix="idDocument"
          value={v.idDocument}
          errors={errors}
          testId="kyc.id"
          onChange={(change) => form.update('idDocument', (old) => ({ ...old, idDocument: change(old.idDocument) }))}
        />
        <DocumentField
          label={t('kyc.field.selfie')}
          kind="selfie"
          error={errors.selfie}
          testId="kyc.selfie"
          onUploaded={(id) => form.update('selfie', (old) => ({ ...old, selfie: id }))}
        />
        <FormFooter
          error={form.formError ?? (Object.keys(errors).length ? t('identity.form.fixFields') : null)}
          busy={form.busy || uploads.uploading}
          label={t('identity.form.submit')}
          busyLabel={t(uploads.uploading ? 'identity.form.uploading' : 'identity.form.submitting')}
        />
      </UploadTracking.Provider>
    </form>
  )
}

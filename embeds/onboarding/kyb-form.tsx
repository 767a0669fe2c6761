import type { FieldMessages } from '../../domain/error-message'
import { KybBody, VerificationView } from '../../domain/api/identity.schema'
import { assertAdult, assertOwnership, MAX_TOTAL_BPS, MIN_OWNER_BPS } from '../../domain/identity'
import { formatBps } from '../../domain/money'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { FormFooter } from '../ui/form-footer'
import { CountryField } from '../ui/country-field'
import { TextField } from '../ui/text-field'
import { AddressFields, addressBody, EMPTY_ADDRESS, type AddressValues } from './address-fields'
import { DocumentField } from './document-field'
import { idDocumentBody } from './id-document-fields'
import { emptyOwner, OwnerFields, type OwnerValues } from './owner-fields'
import { UploadTracking, useUploadsInFlight } from './upload-tracking'
import { ruleErrors, useNestedForm } from './use-nested-form'

type Values = {
  companyName: string
  registrationNumber: string
  country: string
  address: AddressValues
  owners: OwnerValues[]
  certificate: string | null
  proof: string | null
}
const MAX_OWNERS = MAX_TOTAL_BPS / MIN_OWNER_BPS

const localToday = () => {
  const d = new Date()
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

/** The owners' ages and shares, checked with the domain rules before sending; every message at its field. */
function checkOwners(owners: readonly OwnerValues[]): FieldMessages {
  const ages = owners.map(
    (o, i) => () => (o.birthDate ? assertAdult(o.birthDate, localToday(), `owners.${i}.birthDate`) : undefined),
  )
  return ruleErrors(...ages, () => assertOwnership(owners.map((o) => o.ownership)))
}

/** The KYB application of a company: its registration, address, beneficial owners and documents. */
export function KybForm({ accountId, onSubmitted }: { accountId: string; onSubmitted: () => void }) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const uploads = useUploadsInFlight()
  const form = useNestedForm<Values>({
    companyName: '',
    registrationNumber: '',
    country: '',
    address: EMPTY_ADDRESS,
    owners: [emptyOwner()],
    certificate: null,
    proof: null,
  })
  const { values: v, errors } = form
  const text = (key: 'companyName' | 'registrationNumber' | 'country') => ({
    name: key,
    value: v[key],
    error: errors[key],
    onChange: (e: { target: { value: string } }) => form.update(key, (old) => ({ ...old, [key]: e.target.value })),
  })
  const body = {
    companyName: v.companyName,
    registrationNumber: v.registrationNumber,
    country: v.country,
    address: addressBody(v.address),
    owners: v.owners.map(({ key: _key, idDocument, ...o }) => ({ ...o, idDocument: idDocumentBody(idDocument) })),
    documents: { certificateOfIncorporation: v.certificate ?? undefined, proofOfAddress: v.proof ?? undefined },
  }
  const send = () =>
    form.submit(
      KybBody,
      body,
      () => checkOwners(v.owners),
      async (parsed) => (await api.post(`/accounts/${accountId}/kyb`, VerificationView, parsed), onSubmitted()),
    )
  return (
    <form
      className="cash-stack"
      noValidate
      aria-label={t('kyb.form.title')}
      onSubmit={(e) => (e.preventDefault(), uploads.uploading || void send())}
    >
      <UploadTracking.Provider value={uploads.track}>
        <section className="cash-card cash-stack">
          <p style={{ margin: 0 }}>{t('kyb.form.intro', { share: formatBps(MIN_OWNER_BPS, locale) })}</p>
          <TextField label={t('kyb.field.companyName')} autoComplete="organization" {...text('companyName')} />
          <TextField label={t('kyb.field.registrationNumber')} {...text('registrationNumber')} />
          <CountryField
            id="kyb-country"
            name="country"
            label={t('kyb.field.country')}
            value={v.country}
            error={errors.country}
            onChange={(code) => form.update('country', (old) => ({ ...old, country: code }))}
          />
          <AddressFields
            legend={t('kyb.field.address')}
            prefix="address"
            value={v.address}
            errors={errors}
            onChange={(key, value) =>
              form.update(`address.${key}`, (old) => ({ ...old, address: { ...old.address, [key]: value } }))
            }
          />
        </section>
        <section className="cash-stack" aria-labelledby="kyb-owners">
          <h2 id="kyb-owners">{t('kyb.owners.title')}</h2>
          <p className="cash-muted" style={{ margin: 0 }}>
            {t('kyb.owners.intro', {
              share: formatBps(MIN_OWNER_BPS, locale),
              total: formatBps(MAX_TOTAL_BPS, locale),
            })}
          </p>
          {errors.owners ? (
            <p className="cash-field-error" role="alert">
              {errors.owners}
            </p>
          ) : null}
          {v.owners.map((o, i) => (
            <OwnerFields
              key={o.key}
              index={i}
              value={o}
              errors={errors}
              onChange={(path, change) =>
                form.update(path, (old) => ({
                  ...old,
                  owners: old.owners.map((x) => (x.key === o.key ? change(x) : x)),
                }))
              }
              onRemove={
                v.owners.length > 1
                  ? () =>
                      form.update('owners', (old) => ({ ...old, owners: old.owners.filter((x) => x.key !== o.key) }))
                  : null
              }
            />
          ))}
          {v.owners.length < MAX_OWNERS ? (
            <div>
              <button
                type="button"
                className="cash-button"
                data-variant="secondary"
                onClick={() => form.update('owners', (old) => ({ ...old, owners: [...old.owners, emptyOwner()] }))}
              >
                {t('kyb.owners.add')}
              </button>
            </div>
          ) : null}
        </section>
        <section className="cash-card cash-stack" aria-labelledby="kyb-documents">
          <h2 id="kyb-documents">{t('kyb.documents.title')}</h2>
          <DocumentField
            label={t('identity.doc.certificate_of_incorporation')}
            kind="certificate_of_incorporation"
            error={errors['documents.certificateOfIncorporation']}
            testId="kyb.certificate"
            onUploaded={(id) =>
              form.update('documents.certificateOfIncorporation', (old) => ({ ...old, certificate: id }))
            }
          />
          <DocumentField
            label={t('identity.doc.proof_of_address')}
            kind="proof_of_address"
            error={errors['documents.proofOfAddress']}
            testId="kyb.proof"
            onUploaded={(id) => form.update('documents.proofOfAddress', (old) => ({ ...old, proof: id }))}
          />
        </section>
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

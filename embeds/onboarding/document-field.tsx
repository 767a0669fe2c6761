import { useId, useState } from 'react'
import { allowedTypes, type DocumentKind } from '../../domain/identity'
import { useI18n } from '../lib/i18n'
import { useSession } from '../lib/session'
import { formatFileSize, uploadDocument, uploadErrorMessage } from './upload-document'
import { useTrackUpload } from './upload-tracking'

type Chosen = { name: string; size: number; state: 'uploading' | 'ready' | 'failed'; error?: string }

/**
 * A labelled file input for one document: it uploads the file when chosen, shows its name and size, and
 * the refusal (too large, wrong type) at the field. `onUploaded` gets the document id, or null.
 */
export function DocumentField({
  label,
  kind,
  error,
  onUploaded,
  testId,
}: {
  label: string
  kind: DocumentKind
  error?: string | undefined
  onUploaded: (id: string | null) => void
  testId?: string
}) {
  const { t, locale } = useI18n()
  const { api } = useSession()
  const id = useId()
  const [chosen, setChosen] = useState<Chosen | null>(null)
  const track = useTrackUpload()
  const pdf = allowedTypes(kind).includes('application/pdf')
  const message = chosen?.state === 'failed' ? chosen.error : error
  const choose = async (file: File | undefined) => {
    onUploaded(null)
    if (!file) return setChosen(null)
    setChosen({ name: file.name, size: file.size, state: 'uploading' })
    const upload = uploadDocument(api, kind, file)
    track?.(upload)
    try {
      const doc = await upload
      setChosen({ name: file.name, size: file.size, state: 'ready' })
      onUploaded(doc.id)
    } catch (e) {
      setChosen({ name: file.name, size: file.size, state: 'failed', error: uploadErrorMessage(e, locale) })
    }
  }
  return (
    <div className="cash-field" data-testid={testId}>
      <label htmlFor={id}>{label}</label>
      <p id={`${id}-hint`} className="cash-muted" style={{ margin: 0 }}>
        {t(pdf ? 'identity.file.hintPdf' : 'identity.file.hintImage')}
      </p>
      <input
        id={id}
        type="file"
        accept={pdf ? 'image/jpeg,image/png,application/pdf' : 'image/jpeg,image/png'}
        aria-invalid={message ? true : undefined}
        aria-describedby={[`${id}-hint`, chosen ? `${id}-chosen` : null, message ? `${id}-error` : null]
          .filter(Boolean)
          .join(' ')}
        onChange={(e) => void choose(e.target.files?.[0])}
      />
      {chosen ? (
        <p id={`${id}-chosen`} className="cash-muted" role="status" style={{ margin: 0 }}>
          {t(
            chosen.state === 'uploading'
              ? 'identity.file.uploading'
              : chosen.state === 'ready'
                ? 'identity.file.ready'
                : 'identity.file.chosen',
            { name: chosen.name, size: formatFileSize(chosen.size, locale) },
          )}
        </p>
      ) : null}
      {message ? (
        <p id={`${id}-error`} className="cash-field-error" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  )
}

import { errorText } from '../../domain/error-words'
import { UploadedDocument } from '../../domain/api/identity.schema'
import { DomainError } from '../../domain/errors'
import { checkUpload, checkUploadSize, type DocumentKind } from '../../domain/identity'
import type { ApiClient } from '../lib/api-client'
import type { Locale } from '../lib/i18n'

function toBase64(bytes: Uint8Array): string {
  let text = ''
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(text)
}

/**
 * Checks a chosen file with the server's own rules (size, real type by its bytes) and uploads it. A refusal
 * throws a DomainError whose `fields.file` is the message for the file's field.
 */
export async function uploadDocument(api: ApiClient, kind: DocumentKind, file: File): Promise<UploadedDocument> {
  checkUploadSize(file.size)
  const bytes = new Uint8Array(await file.arrayBuffer())
  checkUpload(kind, bytes)
  return api.post('/identity/documents', UploadedDocument, {
    kind,
    fileName: file.name || 'document',
    content: toBase64(bytes),
  })
}

/** A file size people read: "820 KB", "1.4 MB". */
export function formatFileSize(bytes: number, locale: string): string {
  if (bytes < 1024 * 1024)
    return (
      `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(Math.max(1, Math.ceil(bytes / 1024)))} ` +
      `KB`
    )
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024))} MB`
}

/** The message for the file's field from an upload failure, in the page's language. */
export function uploadErrorMessage(error: unknown, locale: Locale): string {
  if (error instanceof DomainError) return errorText(error.fieldMessages?.file ?? error.says, locale)
  if (error && typeof error === 'object' && 'fields' in error) {
    const fields = (error as { fields: Record<string, string> }).fields
    if (fields.file) return fields.file
  }
  return error instanceof Error ? error.message : String(error)
}

import { type FieldMessages, say } from '../../domain/error-message'
import type { z } from 'zod'
import type { UploadDocumentBody, UploadedDocument } from '../../domain/api/identity.schema'
import { DomainError } from '../../domain/errors'
import { checkUpload, type DocumentKind } from '../../domain/identity'
import type { Deps } from '../http/route-table'
import type { Tx } from '../db/connect'
import { dataKeys } from '../security/data-keys'
import { openBytes, sealBytes } from '../security/field-crypto'

/** One document an application needs: the form field it came from, the uploaded id, the kind it must be. */
export type DocumentSlot = { field: string; id: string; kind: DocumentKind }

/** Stores an uploaded file privately, sealed, after checking its size and its real type (by its bytes). */
export async function uploadDocument(
  deps: Deps,
  db: Tx,
  userId: string,
  body: z.output<typeof UploadDocumentBody>,
): Promise<UploadedDocument> {
  const bytes = Buffer.from(body.content, 'base64')
  const mime = checkUpload(body.kind, bytes, 'file')
  const id = deps.newId()
  await db
    .insertInto('identity_documents')
    .values({
      id,
      uploaded_by: userId,
      kind: body.kind,
      mime,
      file_name: body.fileName,
      size_bytes: bytes.length,
      content: sealBytes(dataKeys(deps.config), 'identity_documents.content', bytes),
      created_at: deps.now(),
    })
    .execute()
  return { id, kind: body.kind, fileName: body.fileName, size: bytes.length, mime }
}

/** The slots of a photo ID under `field`: a passport's photo page, or an ID card's front and back. */
export function idSlots(
  field: string,
  doc: { type: 'passport' | 'id_card'; front: string; back?: string | undefined },
): DocumentSlot[] {
  if (doc.type === 'passport') return [{ field: `${field}.front`, id: doc.front, kind: 'passport' }]
  return [
    { field: `${field}.front`, id: doc.front, kind: 'id_front' },
    { field: `${field}.back`, id: doc.back!, kind: 'id_back' },
  ]
}

/**
 * Checks that every slot holds a document the caller uploaded, of the slot's kind, not used by another
 * application; the message lands at the slot's field. Returns nothing: it only refuses.
 */
export async function checkDocuments(db: Tx, userId: string, slots: readonly DocumentSlot[]): Promise<void> {
  const ids = slots.map((s) => s.id)
  const rows = ids.length
    ? await db
        .selectFrom('identity_documents')
        .select(['id', 'kind', 'uploaded_by', 'application_id'])
        .where('id', 'in', ids)
        .forUpdate()
        .execute()
    : []
  const fields: FieldMessages = {}
  const seen = new Set<string>()
  for (const slot of slots) {
    const row = rows.find((r) => r.id === slot.id)
    if (!row || row.uploaded_by !== userId) fields[slot.field] = say('file_missing_upload_again')
    else if (row.application_id !== null || seen.has(slot.id)) fields[slot.field] = say('file_already_used')
    else if (row.kind !== slot.kind) fields[slot.field] = say('file_uploaded_as', { was: row.kind, wanted: slot.kind })
    seen.add(slot.id)
  }
  if (Object.keys(fields).length) throw new DomainError('invalid_request', say('documents_to_upload_again'), fields)
}

/** Gives the slots' documents to an application (after checkDocuments). */
export async function attachDocuments(db: Tx, applicationId: string, slots: readonly DocumentSlot[]): Promise<void> {
  if (!slots.length) return
  await db
    .updateTable('identity_documents')
    .set({ application_id: applicationId })
    .where(
      'id',
      'in',
      slots.map((s) => s.id),
    )
    .execute()
}

/** The documents of applications, without their content, for listings. */
export async function documentsOf(db: Tx, applicationIds: readonly string[]) {
  if (!applicationIds.length) return []
  const rows = await db
    .selectFrom('identity_documents')
    .select(['id', 'kind', 'file_name', 'size_bytes', 'mime', 'application_id'])
    .where('application_id', 'in', applicationIds)
    .orderBy('created_at')
    .execute()
  return rows.map((r) => ({
    applicationId: r.application_id!,
    id: r.id,
    kind: r.kind as DocumentKind,
    fileName: r.file_name,
    size: r.size_bytes,
    mime: r.mime,
  }))
}

/** One document with its content (base64), opened for a platform admin (the route audits who looked). */
export async function fetchDocument(deps: Deps, db: Tx, id: string) {
  const row = await db.selectFrom('identity_documents').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) throw new DomainError('not_found', say('no_such_document'))
  const content = openBytes(dataKeys(deps.config), 'identity_documents.content', row.content).toString('base64')
  return {
    id: row.id,
    kind: row.kind as DocumentKind,
    fileName: row.file_name,
    mime: row.mime,
    size: row.size_bytes,
    applicationId: row.application_id,
    uploadedBy: row.uploaded_by,
    content,
  }
}

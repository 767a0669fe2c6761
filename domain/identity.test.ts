import { describe, expect, it } from 'vitest'
import { DomainError } from './errors'
import {
  ageOn,
  assertAdult,
  assertOwnership,
  checkUpload,
  combineKyb,
  detectFileType,
  MAX_UPLOAD_BYTES,
  percentToBps,
  sandboxDecision,
} from './identity'

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16])
const PDF = new TextEncoder().encode('%PDF-1.7\n')

const fieldsOf = (fn: () => void) => {
  try {
    fn()
  } catch (e) {
    if (e instanceof DomainError) return { code: e.code, fields: e.fields }
    throw e
  }
  return null
}

describe('age on calendar dates', () => {
  it('counts a birthday from its day, not by dividing milliseconds', () => {
    expect(ageOn('2008-11-21', '2026-11-21')).toBe(18)
    expect(ageOn('2008-11-22', '2026-11-21')).toBe(17)
    expect(ageOn('2008-12-01', '2026-11-21')).toBe(17)
  })

  it('turns someone born on 29 February a year older on 1 March in common years', () => {
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17)
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18)
  })

  it('refuses under-18s, future and impossible dates at the birth date field', () => {
    expect(fieldsOf(() => assertAdult('2008-11-21', '2026-11-21'))).toBeNull()
    expect(fieldsOf(() => assertAdult('2008-11-22', '2026-11-21'))).toEqual({
      code: 'underage',
      fields: { birthDate: 'You must be 18 or older.' },
    })
    expect(fieldsOf(() => assertAdult('2030-01-01', '2026-11-21', 'owners.0.birthDate'))?.fields).toEqual({
      'owners.0.birthDate': 'The birth date is in the future.',
    })
    expect(fieldsOf(() => assertAdult('1990-02-31', '2026-11-21'))?.fields).toEqual({
      birthDate: 'Enter a date like 1990-04-25.',
    })
  })
})

describe('beneficial ownership', () => {
  it('reads percentages exactly in basis points', () => {
    expect(percentToBps('25')).toBe(2500)
    expect(percentToBps('33.33')).toBe(3333)
    expect(percentToBps('12.5')).toBe(1250)
    expect(percentToBps('1e2')).toBeNull()
  })

  it('needs at least one owner, each with 25% or more, together at most 100%', () => {
    expect(fieldsOf(() => assertOwnership(['50', '50']))).toBeNull()
    expect(fieldsOf(() => assertOwnership(['33.33', '33.33', '33.34']))).toBeNull()
    expect(fieldsOf(() => assertOwnership([]))?.fields).toHaveProperty('owners')
    expect(fieldsOf(() => assertOwnership(['60', '24.99']))?.fields).toEqual({
      'owners.1.ownership': 'A beneficial owner holds 25% or more.',
    })
    expect(fieldsOf(() => assertOwnership(['60', '40.01']))?.fields).toEqual({
      owners: 'The owners’ shares add up to more than 100% (100.01%).',
    })
  })
})

describe('uploads are judged by their bytes', () => {
  it('recognises JPEG, PNG and PDF by magic bytes, nothing else', () => {
    expect(detectFileType(JPEG)).toBe('image/jpeg')
    expect(detectFileType(PNG)).toBe('image/png')
    expect(detectFileType(PDF)).toBe('application/pdf')
    expect(detectFileType(new TextEncoder().encode('GIF89a'))).toBeNull()
    expect(detectFileType(new Uint8Array())).toBeNull()
  })

  it('accepts PDFs only for company documents, and nothing over 5 MB', () => {
    expect(checkUpload('certificate_of_incorporation', PDF)).toBe('application/pdf')
    expect(fieldsOf(() => checkUpload('id_front', PDF, 'idFront'))).toEqual({
      code: 'upload_type',
      fields: { idFront: 'This file is not a JPEG or PNG image.' },
    })
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1)
    big.set(PNG)
    expect(fieldsOf(() => checkUpload('selfie', big))?.code).toBe('upload_too_large')
    const atLimit = new Uint8Array(MAX_UPLOAD_BYTES)
    atLimit.set(PNG)
    expect(checkUpload('selfie', atLimit)).toBe('image/png')
  })
})

describe('the sandbox provider and the company’s combined decision', () => {
  it('rejects Rita Reject, asks Mona More for the ID back once, approves everyone else', () => {
    expect(sandboxDecision('Rita Reject', 'person', 1)).toEqual({
      decision: 'rejected',
      reason: 'The document is expired',
    })
    expect(sandboxDecision('mona more', 'person', 1)).toEqual({ decision: 'more_info_needed', document: 'id_back' })
    expect(sandboxDecision('Mona More', 'person', 2)).toEqual({ decision: 'approved' })
    expect(sandboxDecision('Mona More Ltd', 'company', 1)).toEqual({
      decision: 'more_info_needed',
      document: 'proof_of_address',
    })
    expect(sandboxDecision('Paula Moreira', 'person', 1)).toEqual({ decision: 'approved' })
  })

  it('approves a company only when it and every owner are approved', () => {
    expect(combineKyb(['approved', 'approved'])).toBe('approved')
    expect(combineKyb(['approved', 'in_review'])).toBe('in_review')
    expect(combineKyb(['approved', 'rejected', 'more_info_needed'])).toBe('rejected')
    expect(combineKyb(['more_info_needed', 'approved'])).toBe('more_info_needed')
    expect(combineKyb(['submitted', 'submitted'])).toBe('submitted')
  })
})

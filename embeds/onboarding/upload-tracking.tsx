import { createContext, useCallback, useContext, useState } from 'react'

/** Where a document field reports an upload it started; the form around it counts them. */
export const UploadTracking = createContext<((upload: Promise<unknown>) => void) | null>(null)

/**
 * The uploads still running in a form. A form sent while a file is still uploading would be refused for a
 * missing document the person did choose, so the form holds its submit button until they settle.
 */
export function useUploadsInFlight(): { uploading: boolean; track: (upload: Promise<unknown>) => void } {
  const [inFlight, setInFlight] = useState(0)
  const track = useCallback((upload: Promise<unknown>) => {
    setInFlight((n) => n + 1)
    const settle = () => setInFlight((n) => n - 1)
    upload.then(settle, settle)
  }, [])
  return { uploading: inFlight > 0, track }
}

/** Reports an upload to the form around the field, if any. */
export const useTrackUpload = () => useContext(UploadTracking)

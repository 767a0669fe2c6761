import { useState } from 'react'
import { useBridge } from '../lib/bridge-context'
import { copyText } from '../lib/host-actions'
import { useI18n } from '../lib/i18n'

/** Copies `text` through the host (or the clipboard), and says so for a moment. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const bridge = useBridge()
  const { t } = useI18n()
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  const copy = async () => {
    try {
      await copyText(bridge, text)
      setState('copied')
    } catch {
      setState('failed')
    }
    setTimeout(() => setState('idle'), 2000)
  }
  return (
    <button
      type="button"
      className="cash-button"
      data-variant="secondary"
      onClick={() => void copy()}
      aria-label={`${label}: ${state === 'copied' ? t('ui.copied') : t('ui.copy')}`}
    >
      {state === 'copied' ? t('ui.copied') : state === 'failed' ? t('ui.copyFailed') : t('ui.copy')}
    </button>
  )
}

/** The steps of something in flight, with the current one marked; `failed` marks where it stopped. */
export function StatusTimeline({ steps, current, failed, label }: { steps: { key: string; label: string }[]; current: string; failed?: boolean; label: string }) {
  const at = steps.findIndex((s) => s.key === current)
  return (
    <ol className="cash-timeline" aria-label={label}>
      {steps.map((step, i) => {
        const state = i < at ? 'done' : i === at ? (failed ? 'failed' : 'current') : 'todo'
        return (
          <li key={step.key} data-state={state} aria-current={i === at ? 'step' : undefined}>
            {step.label}
          </li>
        )
      })}
    </ol>
  )
}

/**
 * The steps of something in flight, with the current one marked; `failed` marks where it stopped, `finished`
 * that the current step is the last and reached (delivered, confirmed), so it shows done rather than under way.
 */
export function StatusTimeline({
  steps,
  current,
  failed,
  finished,
  label,
}: {
  steps: { key: string; label: string }[]
  current: string
  failed?: boolean
  finished?: boolean
  label: string
}) {
  const at = steps.findIndex((s) => s.key === current)
  return (
    <ol className="cash-timeline" aria-label={label}>
      {steps.map((step, i) => {
        const state = i < at || (i === at && finished) ? 'done' : i === at ? (failed ? 'failed' : 'current') : 'todo'
        return (
          <li key={step.key} data-state={state} aria-current={i === at ? 'step' : undefined}>
            {step.label}
          </li>
        )
      })}
    </ol>
  )
}

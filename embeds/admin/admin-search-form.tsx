import { AdminSearchQuery } from '../../domain/api/admin-people.schema'
import { useI18n } from '../lib/i18n'
import type { MessageKey } from '../lib/messages-en'
import { useZodForm } from '../lib/use-zod-form'
import { FormFooter } from '../ui/form-footer'
import { TextField } from '../ui/text-field'

/** The search box of a back-office list: one field, validated like the server does, submitted on Enter. */
export function AdminSearchForm({
  label,
  hint,
  initial = '',
  onSearch,
}: {
  label: MessageKey
  hint: MessageKey
  initial?: string
  onSearch: (q: string) => Promise<void>
}) {
  const { t } = useI18n()
  const form = useZodForm(AdminSearchQuery, { q: initial }, async ({ q }) => onSearch(q))
  return (
    <form
      role="search"
      className="cash-card cash-stack"
      onSubmit={(e) => void form.onSubmit(e)}
      noValidate
      aria-busy={form.busy}
    >
      <TextField
        label={t(label)}
        hint={t(hint)}
        type="search"
        autoComplete="off"
        spellCheck={false}
        {...form.bind('q')}
      />
      <FormFooter
        error={form.formError}
        busy={form.busy}
        label={t('admin.user.searchSubmit')}
        busyLabel={t('admin.user.searchBusy')}
      />
    </form>
  )
}

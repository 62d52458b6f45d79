import { cloneElement, type ReactElement, useId } from 'react'

/**
 * A labelled form field with its problems under it. The control gets `id`, `aria-invalid` and `aria-describedby`, so
 * the problem is read with the field and tests can find it by label.
 */
export function FormField({
  label,
  errors,
  hint,
  children,
  wide = false,
}: {
  label: string
  errors?: string[]
  hint?: string
  children: ReactElement<Record<string, unknown>>
  wide?: boolean
}) {
  const id = useId()
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const invalid = !!errors && errors.length > 0
  const describedBy = [invalid ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className={`env-field${wide ? ' env-field--wide' : ''}${invalid ? ' env-field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {cloneElement(children, { id, 'aria-invalid': invalid ? 'true' : undefined, 'aria-describedby': describedBy })}
      {invalid ? (
        <ul className="env-field__errors" id={errorId}>
          {errors.map(e => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
      {hint ? (
        <span className="env-field__hint" id={hintId}>
          {hint}
        </span>
      ) : null}
    </div>
  )
}

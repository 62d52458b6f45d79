import { useId } from 'react'

/** A labelled one-line input with its problem (if any) or help below: the inspector's basic field. */
export function TextField({
  label,
  value,
  onChange,
  problem,
  help,
  placeholder,
  className = '',
  mono = true,
  list,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  problem?: string
  help?: string
  placeholder?: string
  className?: string
  mono?: boolean
  list?: string
}) {
  const id = useId()
  return (
    <div className={`field inspector-field ${className}`}>
      <label className="inspector-field__label" htmlFor={id}>
        <span className="field__label">{label}</span>
      </label>
      <input
        id={id}
        className={mono ? 'mono' : undefined}
        value={value}
        placeholder={placeholder}
        spellCheck={false}
        autoComplete="off"
        list={list}
        aria-invalid={problem ? true : undefined}
        onChange={e => onChange(e.target.value)}
      />
      {problem ? (
        <span className="inspector-field__problem">{problem}</span>
      ) : help ? (
        <span className="inspector-field__help">{help}</span>
      ) : null}
    </div>
  )
}

/** Methods offered in the method fields' suggestion list (any letters are accepted). */
export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const

/** The suggestion list the method fields share. */
export function MethodList({ id }: { id: string }) {
  return (
    <datalist id={id}>
      {METHODS.map(m => (
        <option key={m} value={m} />
      ))}
    </datalist>
  )
}

import { useEffect, useState } from 'react'

/** The value as it was `ms` after it last changed: typing re-signs once per pause, not once per key. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(id)
  }, [value, ms])
  return settled
}

import { useEffect, useRef } from 'react'
import type { EventName, PayloadOf } from '../../../shared/contract'
import { subscribe } from './bridge'

/** Subscribes a component to an engine event for as long as it is mounted. */
export function useEvent<E extends EventName>(name: E, listener: (payload: PayloadOf<E>) => void): void {
  const ref = useRef(listener)
  ref.current = listener
  useEffect(() => subscribe(name, p => ref.current(p)), [name])
}

import { useEffect, useRef } from 'react'
import type { EventName, EventPayloads } from '../../../shared/contract'
import { on } from './bridge'

/** Subscribes a component to an engine event for as long as it is mounted; the payload is typed by the name. */
export function useEvent<E extends EventName>(name: E, listener: (payload: EventPayloads[E]) => void): void {
  const ref = useRef(listener)
  ref.current = listener
  useEffect(() => on(name, payload => ref.current(payload)), [name])
}

/** The two links an item of an InFlightList carries itself (null when it is not in a list). */
export interface InFlightLinks {
  inFlightPrev: InFlightLinks | null
  inFlightNext: InFlightLinks | null
}

/**
 * The exchanges running now, for the client's shutdown to stop: a list linked through the exchanges themselves, so
 * joining and leaving it writes four fields and builds nothing (a Set rebuilt its table every few requests, as each
 * exchange joined and left). Leaving twice, or leaving a list never joined, does nothing.
 */
export class InFlightList<T extends InFlightLinks> {
  private head: T | null = null

  add(item: T): void {
    item.inFlightPrev = null
    item.inFlightNext = this.head
    if (this.head) this.head.inFlightPrev = item
    this.head = item
  }

  delete(item: T): void {
    const prev = item.inFlightPrev
    const next = item.inFlightNext
    if (prev) prev.inFlightNext = next
    else if (this.head === item) this.head = next as T | null
    else return
    if (next) next.inFlightPrev = prev
    item.inFlightPrev = null
    item.inFlightNext = null
  }

  /** The items in the list now (a copy: the caller may make them leave while it goes through them). */
  items(): T[] {
    const out: T[] = []
    for (let item = this.head; item; item = item.inFlightNext as T | null) out.push(item)
    return out
  }
}

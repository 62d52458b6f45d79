/**
 * The network log's public entry, for the frame's drawer: the number of entries for its tab; for the frame's live
 * updates: the feed that keeps the log live whatever is on screen; for other panels: `showInLog`, which opens the
 * drawer filtered to a source or on one entry. The log view itself is loaded lazily (frame/drawer.tsx).
 */

export { useLogStore } from './log-store'
export { showInLog } from './show-in-log'
export { useLogFeed, useLogView } from './use-log-feed'

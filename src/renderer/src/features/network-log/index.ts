/**
 * The network log's public entry, for the frame's drawer: the number of entries for its tab; for the frame's live
 * updates: the feed that keeps the log live whatever is on screen. The log view itself is loaded lazily (frame/drawer.tsx).
 */
export { useLogFeed, useLogView } from './use-log-feed'

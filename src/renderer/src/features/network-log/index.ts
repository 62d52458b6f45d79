/**
 * The network log's public entry, for the frame's drawer: the feed that keeps the log live while the drawer is closed
 * and the number of entries for its tab. The log view itself is loaded lazily (frame/drawer.tsx).
 */
export { useLogFeed, useLogView } from './use-log-feed'

/**
 * The capture's public entry, for the frame's live updates: the feed that keeps every capture's exchange count live
 * whatever is on screen. The Capture section itself is loaded lazily (frame/sections.ts).
 */
export { useCaptureFeed } from './use-capture'

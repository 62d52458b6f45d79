/**
 * The capture's public entry, for the frame's live updates: the feeds that keep every capture's exchange count and
 * the doctor's scorecards live whatever is on screen. The Capture section itself is loaded lazily (frame/sections.ts).
 */
export { useCaptureFeed } from './use-capture'
export { useDoctorFeed } from './use-doctor'

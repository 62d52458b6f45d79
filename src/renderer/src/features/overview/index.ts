/**
 * Overview's public entry: for the frame's live updates, the feed that keeps the first-run checklist ticking whatever
 * is on screen; for the palette, the command that brings the hidden checklist back.
 */
export { showFirstRunChecklist, useFirstRunFeed } from './use-first-run'

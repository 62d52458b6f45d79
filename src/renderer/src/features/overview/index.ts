/**
 * Overview's public entry: its panel (the first screen, loaded with the frame rather than lazily: no second round
 * trip before its heading); for the frame's live updates, the feed that keeps the first-run checklist ticking whatever
 * is on screen; for the palette, the command that brings the hidden checklist back.
 */
export { OverviewPanel } from './overview-panel'
export { showFirstRunChecklist, useFirstRunFeed } from './use-first-run'

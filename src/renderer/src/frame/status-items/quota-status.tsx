/** Status-bar item, filled by the console issue. Renders nothing until then. */
export function QuotaStatus() {
  return null
}

/**
 * Whose data a view shows and when it was fetched: "M-2002's locations · fetched 13:50:02 · token #ab12cd34". Every
 * view of server state carries one, so a list from an earlier grant could not pass for the current one.
 */
export function DataProvenance({
  what,
  owners,
  fetchedAt,
  grant,
  testId,
}: {
  what: string
  owners: string[]
  fetchedAt: number
  grant: string | null
  testId: string
}) {
  const whose = owners.length === 0 ? `No ${what}` : `${owners.join(', ')}’s ${what}`
  return (
    <p className="data-provenance" data-testid={testId}>
      {whose} · fetched <time dateTime={new Date(fetchedAt).toISOString()}>{new Date(fetchedAt).toLocaleTimeString()}</time>
      {grant ? (
        <>
          {' '}
          · token <span className="mono">#{grant}</span>
        </>
      ) : null}
    </p>
  )
}

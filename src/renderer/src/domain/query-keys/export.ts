/** Query keys of the export domain (`http:exportTickets`): the last export's answer, kept while other panels are visited. */
export const exportKeys = {
  last: ['http:exportTickets', 'last'] as const,
}

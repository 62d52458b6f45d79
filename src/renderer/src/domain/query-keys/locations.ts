/** Query keys of the locations domain (`http:listLocations`). */
export const locationKeys = {
  all: ['locations'] as const,
  list: (envId: string | null) => ['locations', 'list', envId] as const,
}

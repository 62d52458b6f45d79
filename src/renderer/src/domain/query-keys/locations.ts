/** Query keys of the locations domain (`http:listLocations`). */
export const locationKeys = {
  all: ['locations'] as const,
  list: (envId: string | null) => ['locations', 'list', envId] as const,
  /** This session's install outcomes of an environment, by location id (written by `http:install`, never fetched). */
  installOutcomes: (envId: string | null) => ['locations', 'installs', envId] as const,
}

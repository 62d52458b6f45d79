/** Query keys of the app domain: the console's static facts (`app:info`). */
export const appKeys = {
  info: ['app:info'] as const,
}

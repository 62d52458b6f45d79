import type { RequestOf } from '../../../../shared/contract'

/** Query keys of the signing domain (`signing:*`); `signatures` is the prefix of every `signing:sign` answer. */
export const signingKeys = {
  skew: ['signing:skew'] as const,
  signatures: ['signing:sign'] as const,
  sign: (request: Omit<RequestOf<'signing:sign'>, 'clientSecret'> | null, secretVersion: number) =>
    ['signing:sign', request, secretVersion] as const,
  exportPreview: (envId: string | null, path: string | null) => ['signing:sign', 'export-preview', envId, path] as const,
}

// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ConnectionExplainer } from '../../../src/renderer/src/features/network-log/connection-explainer'
import type { ConnectionDetails } from '../../../src/shared/contract'

afterEach(cleanup)

const leaf = {
  subject: 'CN=localhost',
  issuer: 'CN=mitmproxy, O=mitmproxy',
  validFrom: '2026-11-20T00:00:00.000Z',
  validTo: '2027-11-20T00:00:00.000Z',
  subjectAltNames: ['127.0.0.1', 'localhost'],
  fingerprint256: 'AA:BB',
  selfIssued: false,
}
const root = { ...leaf, subject: 'CN=mitmproxy, O=mitmproxy', subjectAltNames: [], fingerprint256: 'CC:DD', selfIssued: true }

describe('the TLS and proxy explainer', () => {
  it('names the proxy, the TLS session, the chain with roles, the CA that trusted it, and points out TLS inspection', () => {
    const connection: ConnectionDetails = {
      proxy: 'http://127.0.0.1:8080',
      proxySource: 'HTTPS_PROXY',
      proxyBypass: null,
      reused: true,
      remoteAddress: '127.0.0.1:8080',
      tls: {
        protocol: 'TLSv1.3',
        cipher: 'TLS_AES_256_GCM_SHA384',
        alpn: 'http/1.1',
        chain: [leaf, root],
        trustedBy: 'CA file /tmp/mitmproxy-ca-cert.pem',
        inspection: 'The certificate was issued by "CN=mitmproxy", the CA of a TLS-inspecting proxy.',
        sessionReused: false,
        clientCertificate: null,
      },
    }
    render(<ConnectionExplainer connection={connection} />)
    expect(screen.getByRole('note').textContent).toMatch(/TLS inspection: .*mitmproxy/)
    const region = screen.getByRole('region', { name: 'Connection' })
    expect(region.textContent).toContain('http://127.0.0.1:8080 (from HTTPS_PROXY)')
    expect(region.textContent).toContain('reused (kept alive from an earlier request)')
    expect(region.textContent).toContain('TLSv1.3 · TLS_AES_256_GCM_SHA384 · ALPN http/1.1')
    expect(region.textContent).toContain('CA file /tmp/mitmproxy-ca-cert.pem')
    const chain = within(screen.getByRole('list', { name: 'Certificate chain' })).getAllByRole('listitem')
    expect(chain.map(li => li.firstChild?.textContent)).toEqual(['Server certificate', 'Root CA (trust anchor)'])
    expect(chain[0]?.textContent).toContain('127.0.0.1, localhost')
  })

  it('says direct and plain HTTP, and why a proxy was bypassed', () => {
    render(
      <ConnectionExplainer
        connection={{
          proxy: null,
          proxySource: null,
          proxyBypass: 'direct: 127.0.0.1:80 matches NO_PROXY entry "127.0.0.1"',
          reused: false,
          remoteAddress: null,
          tls: null,
        }}
      />,
    )
    const region = screen.getByRole('region', { name: 'Connection' })
    expect(region.textContent).toContain('matches NO_PROXY entry "127.0.0.1"')
    expect(region.textContent).toContain('none: plain HTTP')
    expect(screen.queryByRole('note')).toBeNull()
  })

  it('explains an entry without connection details', () => {
    render(<ConnectionExplainer connection={undefined} />)
    expect(screen.getByText(/did not reach a socket/)).toBeTruthy()
  })
})

// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { blankForm, localIssues, settingsOf } from '../../../src/renderer/src/features/environments/form-model'
import { NetworkFieldset } from '../../../src/renderer/src/features/environments/network-fieldset'
import {
  blankNetworkForm,
  type NetworkFormValues,
  networkSecretsOf,
} from '../../../src/renderer/src/features/environments/network-form-model'
import { environmentSettingsSchema } from '../../../src/shared/contract'

afterEach(cleanup)

function Harness({ onChange }: { onChange: (v: NetworkFormValues) => void }) {
  const [v, setV] = useState(blankNetworkForm())
  return (
    <NetworkFieldset
      v={v}
      set={next => {
        setV(next)
        onChange(next)
      }}
      errors={new Map()}
      editing={null}
      disabled={false}
    />
  )
}

describe('the environment form’s network and standard-OAuth settings', () => {
  it('turns typed settings into what the contract accepts, secrets apart', () => {
    const form = { ...blankForm(), name: 'Corp', clientId: 'client-1', authUrl: 'https://auth.example', baseUrl: 'https://api.example' }
    form.net = {
      ...form.net,
      caFiles: '/etc/corp/ca.pem\n\n /etc/corp/other.pem ',
      proxyMode: 'url',
      proxyUrl: 'http://proxy.corp:3128',
      proxyUsername: 'alice',
      proxyPassword: 'pw',
      clientCertKind: 'pkcs12',
      clientCertFile: '/etc/corp/client.p12',
      clientCertPassphrase: 'pp',
      tokenBody: 'form',
      authorizeParams: 'scope=openid read:locations\naudience=partner',
    }
    const settings = settingsOf(form)
    expect(environmentSettingsSchema.safeParse(settings).success).toBe(true)
    expect(settings.network).toEqual({
      caFiles: ['/etc/corp/ca.pem', '/etc/corp/other.pem'],
      proxyMode: 'url',
      proxyUrl: 'http://proxy.corp:3128',
      proxyUsername: 'alice',
      clientCertKind: 'pkcs12',
      clientCertFile: '/etc/corp/client.p12',
    })
    expect(settings.tokenBody).toBe('form')
    expect(settings.authorizeParams).toEqual({ scope: 'openid read:locations', audience: 'partner' })
    expect(JSON.stringify(settings)).not.toContain('"pw"')
    expect(networkSecretsOf(form.net)).toEqual({ proxyPassword: 'pw', clientCertPassphrase: 'pp' })
    form.net.authorizeParams = 'no equals sign'
    expect(localIssues(form)).toEqual([{ path: 'authorizeParams', message: '"no equals sign" is not K=V.' }])
  })

  it('shows the proxy fields only for "this proxy", and the key field only for a PEM certificate', () => {
    let last = blankNetworkForm()
    render(<Harness onChange={v => (last = v)} />)
    expect(screen.queryByLabelText('Proxy URL')).toBeNull()
    fireEvent.change(screen.getByLabelText('Proxy'), { target: { value: 'url' } })
    fireEvent.change(screen.getByLabelText('Proxy URL'), { target: { value: 'http://proxy:3128' } })
    expect(screen.getByLabelText('Proxy password').getAttribute('type')).toBe('password')
    fireEvent.change(screen.getByLabelText('Client certificate (mutual TLS)'), { target: { value: 'pem' } })
    expect(screen.getByLabelText('Private key (PEM)')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Client certificate (mutual TLS)'), { target: { value: 'pkcs12' } })
    expect(screen.queryByLabelText('Private key (PEM)')).toBeNull()
    expect(screen.getByLabelText('PKCS#12 passphrase')).toBeTruthy()
    expect(last).toMatchObject({ proxyMode: 'url', proxyUrl: 'http://proxy:3128', clientCertKind: 'pkcs12' })
  })
})

/**
 * TLS material of the in-memory test API servers: a self-signed
 * certificate for 127.0.0.1 and localhost (valid until 2126) and its key.
 * Test-only, guards nothing: the plugin's clients trust it through
 * `caData` as they trust a real cluster's CA, so TLS is verified as in
 * production. Static rather than made by the repo's test kit: this entry
 * point is published and the kit is not.
 *
 * @public
 */
export const TEST_API_SERVER_CERT = `-----BEGIN CERTIFICATE-----
MIIB3zCCAYSgAwIBAgIUQENZ+AYBir6FTd6yToCyLHp+AyAwCgYIKoZIzj0EAwIw
IjEgMB4GA1UEAwwXZmxvdGlsbGEtdGVzdC1hcGlzZXJ2ZXIwIBcNMjYxMjAzMTEw
MTIzWhgPMjEyNjExMDkxMTAxMjNaMCIxIDAeBgNVBAMMF2Zsb3RpbGxhLXRlc3Qt
YXBpc2VydmVyMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAESy78R44x0249aEeP
mGeUUfciNebzs8ASvajEZXZ9fRbjD7gN1Tlr3AtWB+UUWcgVbpSn92T+B4xCZPwk
bQOaeaOBlTCBkjAdBgNVHQ4EFgQUq+nej5PdUoqxXDGosn+oaxZNXtEwHwYDVR0j
BBgwFoAUq+nej5PdUoqxXDGosn+oaxZNXtEwGgYDVR0RBBMwEYcEfwAAAYIJbG9j
YWxob3N0MA8GA1UdEwEB/wQFMAMBAf8wDgYDVR0PAQH/BAQDAgKEMBMGA1UdJQQM
MAoGCCsGAQUFBwMBMAoGCCqGSM49BAMCA0kAMEYCIQCkF8emRPfoZwQcVjvOsTBI
u44zeq4I25RdvPHAD2ZO3gIhAO/h5JuBUYoNuOdZobf7ZC+yRts0U3EjD4y1+gau
NIYg
-----END CERTIFICATE-----
`;

/** @public */
export const TEST_API_SERVER_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgcchcEXGrwILjd3lF
v10Z+GCmEIEz0IT9baFvAi+FvTGhRANCAARLLvxHjjHTbj1oR4+YZ5RR9yI15vOz
wBK9qMRldn19FuMPuA3VOWvcC1YH5RRZyBVulKf3ZP4HjEJk/CRtA5p5
-----END PRIVATE KEY-----
`;

/**
 * The certificate as a kubeconfig's `certificate-authority-data`.
 *
 * @public
 */
export const TEST_API_SERVER_CA_DATA =
  Buffer.from(TEST_API_SERVER_CERT).toString('base64');

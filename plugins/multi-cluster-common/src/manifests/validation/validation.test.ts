import { z } from 'zod';
import {
  cidrError,
  cidrsOverlap,
  formatIssuePath,
  isRfc1123Label,
  isRfc1123Subdomain,
  kubernetesVersionError,
  labelKeyError,
  labelValueSyntaxError,
  ManifestInputError,
  parseCidr,
  parseKubernetesVersion,
  parseManifestInput,
  ParsedCidr,
  rfc1123LabelError,
} from '.';

const cidr = (text: string): ParsedCidr => {
  const result = parseCidr(text);
  if ('error' in result) throw new Error(result.error);
  return result.cidr;
};

describe('validation', () => {
  it('checks RFC 1123 labels and subdomains', () => {
    expect(isRfc1123Label('prod-eu-1')).toBe(true);
    expect(isRfc1123Label('a')).toBe(true);
    expect(isRfc1123Label('a'.repeat(63))).toBe(true);
    for (const bad of [
      '',
      '-a',
      'a-',
      'A',
      'a_b',
      'a.b',
      'a'.repeat(64),
      'a\n',
      'a b',
      '../a',
      'a:b',
    ]) {
      expect(isRfc1123Label(bad)).toBe(false);
    }
    expect(isRfc1123Subdomain('a.b-c.d')).toBe(true);
    expect(isRfc1123Subdomain('a..b')).toBe(false);
    expect(
      isRfc1123Subdomain(
        `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(
          61,
        )}`,
      ),
    ).toBe(true);
    expect(isRfc1123Subdomain('a'.repeat(254))).toBe(false);
    expect(rfc1123LabelError('Bad"Name')).toMatch(
      /"Bad\\"Name" is not a valid RFC 1123 label/,
    );
  });

  it('checks Kubernetes versions', () => {
    expect(parseKubernetesVersion('v1.31.2')).toEqual({
      major: 1,
      minor: 31,
      patch: 2,
      preRelease: undefined,
    });
    expect(parseKubernetesVersion('v1.32.0-rc.1')).toMatchObject({
      preRelease: 'rc.1',
    });
    expect(kubernetesVersionError('v1.31.2')).toBeUndefined();
    expect(kubernetesVersionError('v1.31.2+k3s1')).toBeUndefined();
    for (const bad of [
      '1.31.2',
      'v1.31',
      'v1.031.2',
      'v1.31.2 ',
      'latest',
      'v1.31.2\n',
    ]) {
      expect(kubernetesVersionError(bad)).toMatch(/not a Kubernetes version/);
    }
    expect(kubernetesVersionError('v0.1.0')).toMatch(/v1.x.y/);
  });

  it('parses IPv4 and IPv6 CIDRs', () => {
    expect(cidr('10.96.0.0/12')).toMatchObject({ family: 4, prefixLength: 12 });
    expect(cidr('0.0.0.0/0')).toMatchObject({ family: 4, prefixLength: 0 });
    expect(cidr('fd00:10:96::/108')).toMatchObject({
      family: 6,
      prefixLength: 108,
    });
    expect(cidr('::/0')).toMatchObject({ family: 6 });
    expect(cidr('::ffff:10.0.0.0/104')).toMatchObject({ family: 6 });
    expect(cidrError('10.96.0.1/12')).toMatch(/did you mean 10.96.0.0\/12\?/);
    expect(cidrError('fd00::1/64')).toMatch(/did you mean fd00::\/64\?/);
    expect(cidrError('10.0.0.0/08')).toMatch(/invalid prefix length/);
    expect(cidrError('10.0.0/8')).toMatch(/not a valid IPv4 address/);
    expect(cidrError('01.0.0.0/8')).toMatch(/not a valid IPv4 address/);
    expect(cidrError('fd00:::1/64')).toMatch(/not a valid IPv6 address/);
    expect(cidrError('1:2:3:4:5:6:7:8:9/64')).toMatch(
      /not a valid IPv6 address/,
    );
    expect(cidrError('fd00::/129')).toMatch(/at most \/128/);
    expect(cidrError('10.0.0.0/8/8')).toMatch(/not a CIDR block/);
  });

  it('detects overlapping CIDRs', () => {
    expect(cidrsOverlap(cidr('10.0.0.0/8'), cidr('10.96.0.0/12'))).toBe(true);
    expect(cidrsOverlap(cidr('10.96.0.0/12'), cidr('10.0.0.0/8'))).toBe(true);
    expect(cidrsOverlap(cidr('192.168.0.0/16'), cidr('10.96.0.0/12'))).toBe(
      false,
    );
    expect(cidrsOverlap(cidr('10.96.0.0/12'), cidr('10.112.0.0/12'))).toBe(
      false,
    );
    expect(cidrsOverlap(cidr('fd00::/8'), cidr('fd00:10::/32'))).toBe(true);
    expect(cidrsOverlap(cidr('10.0.0.0/8'), cidr('::/0'))).toBe(false);
  });

  it('checks label syntax', () => {
    expect(labelKeyError('flotilla.io/environment')).toBeUndefined();
    expect(labelKeyError('app')).toBeUndefined();
    expect(labelKeyError('Flotilla.io/x')).toMatch(/invalid prefix/);
    expect(labelKeyError('a/b/c')).toMatch(/at most one/);
    expect(labelKeyError('a/')).toMatch(/empty name/);
    expect(labelKeyError(`a/${'b'.repeat(64)}`)).toMatch(/longer than 63/);
    expect(labelKeyError('-a')).toMatch(/must consist/);
    expect(labelValueSyntaxError('')).toBeUndefined();
    expect(labelValueSyntaxError('latency-sensitive')).toBeUndefined();
    expect(labelValueSyntaxError('a: b')).toMatch(/must consist/);
    expect(labelValueSyntaxError('x'.repeat(64))).toMatch(/longer than 63/);
  });

  it('reports every problem with a readable path', () => {
    expect(formatIssuePath(['workers', 0, 'name'])).toBe('workers[0].name');
    expect(formatIssuePath(['labels', 'flotilla.io/x'])).toBe(
      'labels["flotilla.io/x"]',
    );
    const schema = z.object({ a: z.number(), b: z.object({ c: z.string() }) });
    let error: ManifestInputError | undefined;
    try {
      parseManifestInput(schema, { a: 'x', b: { c: 1 } }, 'thing');
    } catch (e) {
      error = e as ManifestInputError;
    }
    expect(error).toBeInstanceOf(ManifestInputError);
    expect(error!.issues.map(i => i.path)).toEqual(['a', 'b.c']);
    expect(error!.message).toMatch(
      /^Invalid thing: a: Expected number, received string; b.c: /,
    );
  });
});

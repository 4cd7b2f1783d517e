import { ConflictError, InputError } from '@backstage/errors';
import { revalidateUpgrade, validateUpgrade } from './upgradeVersions';

describe('validateUpgrade', () => {
  it.each([
    ['v1.31.4', 'v1.31.5'],
    ['v1.31.4', 'v1.32.0'],
    ['v1.31.4', 'v1.31.4'],
    [undefined, 'v1.33.0'],
  ])('accepts %s -> %s', (current, target) => {
    expect(() => validateUpgrade(current, target)).not.toThrow();
  });

  it.each([
    ['v1.31.4', '1.32', /not a Kubernetes version/],
    ['v1.31.4', 'v1.31.3', /downgrade from v1.31.4 to v1.31.3/],
    ['v1.31.4', 'v1.33.0', /skips a minor version/],
    ['v1.31.4', 'v2.0.0', /skips a minor version/],
  ])('refuses %s -> %s', (current, target, message) => {
    expect(() => validateUpgrade(current, target)).toThrow(InputError);
    expect(() => validateUpgrade(current, target)).toThrow(message);
  });
});

describe('revalidateUpgrade', () => {
  const object = 'KubeadmControlPlane fleet/prod-1-cp';

  it('accepts an object still at the validated version, or moved to one the target still upgrades', () => {
    expect(() =>
      revalidateUpgrade(object, 'v1.31.4', 'v1.31.4', 'v1.31.5'),
    ).not.toThrow();
    expect(() =>
      revalidateUpgrade(object, 'v1.31.4', 'v1.31.5', 'v1.32.0'),
    ).not.toThrow();
    expect(() =>
      revalidateUpgrade(object, 'v1.31.4', undefined, 'v1.32.0'),
    ).not.toThrow();
  });

  it('refuses as a conflict a target that would roll back a version set since', () => {
    const refuse = () =>
      revalidateUpgrade(object, 'v1.31.4', 'v1.31.6', 'v1.31.5');
    expect(refuse).toThrow(ConflictError);
    expect(refuse).toThrow(
      'KubeadmControlPlane fleet/prod-1-cp is at v1.31.6 now, not v1.31.4 as when the upgrade was requested: version: downgrade from v1.31.6 to v1.31.5 is not supported',
    );
  });

  it('refuses as a conflict a target that now skips a minor version', () => {
    expect(() =>
      revalidateUpgrade(object, 'v1.31.4', 'v1.30.9', 'v1.32.0'),
    ).toThrow(ConflictError);
  });

  it('refuses as invalid when nothing was validated against a version', () => {
    expect(() =>
      revalidateUpgrade(object, undefined, 'v1.31.6', 'v1.31.5'),
    ).toThrow(InputError);
  });
});

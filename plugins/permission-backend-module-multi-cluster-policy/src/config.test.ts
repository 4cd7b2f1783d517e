import { ConfigReader } from '@backstage/config';
import type { JsonValue } from '@backstage/types';
import { readPlatformOwnerRefs } from './config';

const withOwners = (platformOwners: JsonValue) =>
  new ConfigReader({ permission: { multiCluster: { platformOwners } } });

describe('readPlatformOwnerRefs', () => {
  it('defaults to the platform-team group', () => {
    expect(readPlatformOwnerRefs(new ConfigReader({}))).toEqual([
      'group:default/platform-team',
    ]);
  });

  it('reads the configured refs, completing the namespace', () => {
    expect(
      readPlatformOwnerRefs(
        withOwners(['group:sre', 'user:ops/ada', 'Group:default/Infra']),
      ),
    ).toEqual(['group:default/sre', 'user:ops/ada', 'group:default/infra']);
  });

  it('keeps an empty list: nobody may run lifecycle actions', () => {
    expect(readPlatformOwnerRefs(withOwners([]))).toEqual([]);
  });

  it('refuses a ref without a kind, naming the setting', () => {
    expect(() => readPlatformOwnerRefs(withOwners(['platform-team']))).toThrow(
      /Invalid entity ref 'platform-team' in permission\.multiCluster\.platformOwners/,
    );
  });

  it('refuses a value that is not a list of strings', () => {
    expect(() =>
      readPlatformOwnerRefs(withOwners('group:default/platform-team')),
    ).toThrow(/permission\.multiCluster\.platformOwners/);
  });
});

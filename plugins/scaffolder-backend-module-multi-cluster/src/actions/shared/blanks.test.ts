import { withoutBlanks } from './blanks';

describe('withoutBlanks', () => {
  it('drops null and empty fields left by forms, and objects made only of them', () => {
    expect(
      withoutBlanks({
        name: 'x',
        region: '',
        namespace: null,
        gcp: { project: '' },
        controlPlane: { replicas: 3, machineType: '' },
        workers: [{ name: 'w', machineType: null }],
        enabled: false,
        count: 0,
      }),
    ).toEqual({
      name: 'x',
      controlPlane: { replicas: 3 },
      workers: [{ name: 'w' }],
      enabled: false,
      count: 0,
    });
  });

  it('keeps user data as given', () => {
    const input = {
      labels: { empty: '' },
      placement: { clusterAffinity: { clusterNames: [] } },
      source: { helm: { values: { a: '', b: null } } },
      overrides: {
        plaintext: [{ path: '/x', operator: 'replace', value: '' }],
      },
    };
    expect(withoutBlanks(input)).toEqual(input);
  });
});

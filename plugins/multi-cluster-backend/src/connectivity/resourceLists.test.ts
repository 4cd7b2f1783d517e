import { parseQuantity } from '@flotilla/plugin-multi-cluster-common';
import { sumResourceLists } from './resourceLists';

describe('sumResourceLists', () => {
  it('adds CPU, memory and extended resources exactly', () => {
    expect(
      sumResourceLists([
        {
          cpu: '3920m',
          memory: '15857184Ki',
          pods: '110',
          'nvidia.com/gpu': '1',
        },
        { cpu: '7910m', memory: '31Gi', pods: '110' },
        { cpu: '8', memory: '1024Mi', 'ephemeral-storage': '95551679124' },
      ]),
    ).toEqual({
      cpu: '19830m',
      'ephemeral-storage': '95551679124',
      memory: '49411616Ki',
      'nvidia.com/gpu': '1',
      pods: '220',
    });
  });

  it('never rounds: the sum parses back to the exact total', () => {
    const sum = sumResourceLists([{ memory: '1.5Gi' }, { memory: '1k' }]);
    expect(parseQuantity(sum.memory).nanos).toBe(
      parseQuantity('1.5Gi').nanos + parseQuantity('1k').nanos,
    );
  });

  it('answers an empty list for nothing to add', () => {
    expect(sumResourceLists([])).toEqual({});
  });

  it('names the resource with an invalid quantity', () => {
    expect(() => sumResourceLists([{ cpu: 'lots' }])).toThrow(
      /cpu: invalid quantity "lots"/,
    );
  });
});

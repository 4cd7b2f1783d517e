import { parseKeyValueList } from './annotations';

describe('parseKeyValueList', () => {
  it('reads capacity annotations, including extended resource names', () => {
    expect(
      parseKeyValueList('cpu=64, memory=256Gi,pods=880,nvidia.com/gpu=8'),
    ).toEqual({
      cpu: '64',
      memory: '256Gi',
      pods: '880',
      'nvidia.com/gpu': '8',
    });
  });

  it('ignores empty entries from trailing commas', () => {
    expect(parseKeyValueList('cpu=1,')).toEqual({ cpu: '1' });
  });

  it.each(['cpu', '=1', 'cpu=', 'cpu=1,memory'])('rejects %j', text => {
    expect(() => parseKeyValueList(text)).toThrow('expected key=value');
  });
});

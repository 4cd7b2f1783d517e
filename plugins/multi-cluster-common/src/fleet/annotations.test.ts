import { parseKeyValueList, parseResourceListAnnotation } from './annotations';

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

describe('parseKeyValueList and __proto__', () => {
  it('refuses a __proto__ key instead of replacing the prototype', () => {
    expect(() => parseKeyValueList('cpu=1,__proto__=2')).toThrow(
      "key '__proto__' is not allowed",
    );
  });
});

describe('parseResourceListAnnotation', () => {
  it('reads resource names and quantities', () => {
    expect(
      parseResourceListAnnotation('cpu=500m, memory=1Gi, nvidia.com/gpu=1'),
    ).toEqual({ cpu: '500m', memory: '1Gi', 'nvidia.com/gpu': '1' });
  });

  it.each([
    ['cpu=lots', 'cpu: quantities must match'],
    ['cpu=1e10000000', 'cpu: quantity exponents must be'],
    ['constructor=1', "constructor: 'constructor' is reserved"],
    ['gpu!=1', 'gpu!: name part must consist of'],
  ])('names the bad entry of %j', (text, message) => {
    expect(() => parseResourceListAnnotation(text)).toThrow(message);
  });

  it('refuses negative quantities only for requests', () => {
    expect(parseResourceListAnnotation('cpu=-1')).toEqual({ cpu: '-1' });
    expect(() =>
      parseResourceListAnnotation('cpu=-1', { requests: true }),
    ).toThrow('cpu: must be greater than or equal to 0');
  });
});

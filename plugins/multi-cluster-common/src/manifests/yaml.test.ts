import { parse } from 'yaml';
import {
  manifestFileName,
  manifestsToYaml,
  parseYamlDocuments,
  renderManifestFiles,
  toYamlDocument,
  parseYamlDocument,
} from './yaml';
import { KubernetesManifest } from './types';

const cm = (
  name: string,
  data: Record<string, string> = {},
): KubernetesManifest => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name },
  data,
});

describe('yaml', () => {
  it('quotes strings that YAML 1.1 (Kubernetes) would read as something else', () => {
    const data = {
      a: 'on',
      b: 'yes',
      c: '0600',
      d: '1e3',
      e: 'null',
      f: '~',
      g: 'Off',
      h: '2001-12-14',
      i: '0x1f',
      j: 'y',
    };
    const text = toYamlDocument(data);
    expect(parse(text, { version: '1.1' })).toEqual(data);
    expect(parse(text, { version: '1.2' })).toEqual(data);
  });

  it('never lets a value break out of its scalar', () => {
    const hostile = {
      newline: 'x\nkind: Secret',
      colon: 'key: value',
      doc: 'a\n---\nkind: Secret\n',
      quotes: `"'\``,
      dash: '- item',
      hash: 'a # comment',
      template: '${{ parameters.x }}',
      unicode: 'caf\u00e9 \u2028 \u0000',
    };
    const text = manifestsToYaml([cm('hostile', hostile)]);
    const docs = parseYamlDocuments(text);
    expect(docs).toHaveLength(1);
    expect((docs[0] as any).data).toEqual(hostile);
  });

  it('writes multi-document streams and reads them back', () => {
    const text = manifestsToYaml([cm('a'), cm('b')]);
    expect(text).toBe(
      `---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata: {}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: b\ndata: {}\n`,
    );
    expect(parseYamlDocuments(text)).toHaveLength(2);
    expect(() => parseYamlDocuments('a: [')).toThrow(/Invalid YAML/);
  });

  it('does not emit anchors for shared objects', () => {
    const shared = { x: '1' };
    const text = toYamlDocument({ a: shared, b: shared });
    expect(text).not.toMatch(/[&*]/);
  });

  it('names files <kind>-<name>.yaml and refuses names that are not RFC 1123', () => {
    expect(
      manifestFileName({
        apiVersion: 'x/v1',
        kind: 'AWSMachineTemplate',
        metadata: { name: 'prod-1' },
      }),
    ).toBe('awsmachinetemplate-prod-1.yaml');
    for (const name of ['../evil', 'a/b', 'A', '', 'a\nb']) {
      expect(() => manifestFileName(cm(name))).toThrow(
        /Refusing to name a file/,
      );
    }
    expect(() =>
      manifestFileName({
        apiVersion: 'v1',
        kind: '../x',
        metadata: { name: 'a' },
      }),
    ).toThrow(/Refusing/);
  });

  it('renders one file per document, or one file, plus auxiliary files', () => {
    const aux = {
      fileName: 'fleet.yaml',
      content: { defaultNamespace: 'x' },
      description: 'd',
    };
    expect(
      renderManifestFiles([cm('a'), cm('b')], { auxiliaryFiles: [aux] }).map(
        f => f.fileName,
      ),
    ).toEqual(['configmap-a.yaml', 'configmap-b.yaml', 'fleet.yaml']);
    const single = renderManifestFiles([cm('a'), cm('b')], {
      singleFileName: 'all.yaml',
    });
    expect(single).toHaveLength(1);
    expect(parseYamlDocuments(single[0].content)).toHaveLength(2);
    expect(() => renderManifestFiles([cm('a'), cm('a')])).toThrow(
      /Two generated documents/,
    );
    expect(() =>
      renderManifestFiles([cm('a')], { singleFileName: '../x.yaml' }),
    ).toThrow(/Refusing to write/);
  });
});

describe('parseYamlDocument', () => {
  it('reads one document, JSON included, and an empty one as undefined', () => {
    expect(
      parseYamlDocument('clusterAffinity:\n  clusterNames: [a, no]\n'),
    ).toEqual({ clusterAffinity: { clusterNames: ['a', 'no'] } });
    expect(parseYamlDocument('{"replicas": 3}')).toEqual({ replicas: 3 });
    expect(parseYamlDocument('')).toBeUndefined();
    expect(parseYamlDocument('null')).toBeNull();
  });

  it('refuses syntax errors and several documents', () => {
    expect(() => parseYamlDocument('a: [unclosed')).toThrow();
    expect(() => parseYamlDocument('a: 1\n---\nb: 2\n')).toThrow(
      /multiple documents/,
    );
  });
});

/** Nine levels of ten aliases each: 10^9 nodes in a few hundred bytes. */
function aliasBomb(levels = 9): string {
  const lines = ['l0: &l0 [x, x, x, x, x, x, x, x, x, x]'];
  for (let level = 1; level < levels; level++) {
    const previous = `*l${level - 1}`;
    lines.push(
      `l${level}: &l${level} [${Array(10).fill(previous).join(', ')}]`,
    );
  }
  return `${lines.join('\n')}\n`;
}

describe('YAML a manifest cannot mean', () => {
  it('refuses aliases that expand past the bound, naming the line', () => {
    for (const parse_ of [parseYamlDocuments, parseYamlDocument]) {
      expect(() => parse_(aliasBomb())).toThrow(
        /^line 4: YAML aliases expand to more than 10000 nodes$/,
      );
    }
  });

  it('still reads anchors a manifest reuses a few times', () => {
    expect(
      parseYamlDocuments(
        'env: &env [{name: A, value: "1"}]\nfirst: *env\nsecond: *env\n',
      ),
    ).toEqual([
      {
        env: [{ name: 'A', value: '1' }],
        first: [{ name: 'A', value: '1' }],
        second: [{ name: 'A', value: '1' }],
      },
    ]);
  });

  it.each([
    ['a: 1\nb: !!binary aGVsbG8=\n', 'line 2: YAML tag !!binary'],
    ['a:\n  b: !!set {x}\n', 'line 2: YAML tag !!set'],
    ['a: !custom value\n', 'line 1: YAML tag !custom'],
    ['a: !!omap [{x: 1}]\n', 'line 1: YAML tag !!omap'],
  ])('refuses the tag in %j, naming the line', (text, message) => {
    expect(() => parseYamlDocuments(text)).toThrow(
      `${message} is not supported in a manifest`,
    );
  });

  it('reads the tags of the JSON types', () => {
    expect(
      parseYamlDocuments('a: !!str 1\nb: !!int "2"\nc: !!map {d: !!null ""}\n'),
    ).toEqual([{ a: '1', b: 2, c: { d: null } }]);
  });
});

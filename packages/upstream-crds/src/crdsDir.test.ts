import fs from 'fs';
import path from 'path';
import { BUNDLED_CRDS_DIR, listCrdFiles, upstreamCrdsDir } from './crdsDir';
import { CrdValidator } from './CrdValidator';

interface SourceRow {
  folder: string;
  file: string;
  repository: string;
  pathInRepo: string;
  commit: string;
}

/** The per-folder tables of SOURCES.md: `| file | repository | path | commit | ...`. */
function readSources(): SourceRow[] {
  const text = fs.readFileSync(
    path.join(BUNDLED_CRDS_DIR, 'SOURCES.md'),
    'utf8',
  );
  const rows: SourceRow[] = [];
  let folder: string | undefined;
  for (const line of text.split('\n')) {
    const heading = /^## ([a-z0-9-]+)\/\s*$/.exec(line);
    if (heading) {
      folder = heading[1];
      continue;
    }
    if (line.startsWith('## ')) folder = undefined;
    const cells = line.split('|').map(cell => cell.trim().replace(/`/g, ''));
    if (
      !folder ||
      cells.length < 6 ||
      cells[1] === 'file' ||
      /^-+$/.test(cells[1])
    ) {
      continue;
    }
    rows.push({
      folder,
      file: cells[1],
      repository: cells[2],
      pathInRepo: cells[3],
      commit: cells[4],
    });
  }
  return rows;
}

describe('the bundled upstream CRDs', () => {
  const sources = readSources();
  const onDisk = fs
    .readdirSync(BUNDLED_CRDS_DIR, { withFileTypes: true })
    .filter(entry => entry.isDirectory())
    .flatMap(dir =>
      fs
        .readdirSync(path.join(BUNDLED_CRDS_DIR, dir.name))
        .map(file => `${dir.name}/${file}`),
    )
    .sort();

  it('lists every committed file in SOURCES.md with its repository, path and commit', () => {
    expect(sources.map(row => `${row.folder}/${row.file}`).sort()).toEqual(
      onDisk,
    );
    for (const row of sources) {
      expect(row.repository).toMatch(/^[\w.-]+\/[\w.-]+$/);
      expect(path.basename(row.pathInRepo)).toBe(row.file);
      expect(row.commit).toMatch(/^[0-9a-f]{40}$/);
    }
  });

  it("keeps each project's license beside its files", () => {
    const folders = new Set(sources.map(row => row.folder));
    expect(folders.size).toBe(12);
    for (const folder of folders) {
      const files = fs.readdirSync(path.join(BUNDLED_CRDS_DIR, folder));
      expect(files.filter(file => /^LICENSE(\.md)?$/.test(file))).toHaveLength(
        1,
      );
    }
  });

  it('holds only CustomResourceDefinitions in its YAML files', () => {
    const files = listCrdFiles();
    expect(files.length).toBeGreaterThanOrEqual(57);
    for (const file of files) {
      expect(fs.readFileSync(file, 'utf8')).toMatch(
        /^kind: CustomResourceDefinition$/m,
      );
    }
  });

  it('is the default folder, and FLOTILLA_CRDS_DIR overrides it', () => {
    expect(upstreamCrdsDir({})).toBe(BUNDLED_CRDS_DIR);
    expect(upstreamCrdsDir({ FLOTILLA_CRDS_DIR: 'elsewhere/crds' })).toBe(
      path.resolve('elsewhere/crds'),
    );
    expect(new CrdValidator().crdsDir).toBe(upstreamCrdsDir());
  });

  it('fails clearly when an override names no folder', () => {
    expect(() => new CrdValidator('/nonexistent/crds')).toThrow(
      /CRD folder \/nonexistent\/crds not found; FLOTILLA_CRDS_DIR/,
    );
  });
});

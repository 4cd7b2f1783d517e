#!/usr/bin/env node
// Fails when a tracked file refers to a path outside the repository: a
// relative path that climbs above the root (a package reaching for a folder
// beside the checkout), an absolute path into the folder that holds the
// checkout, or a symbolic link out of it. A clone with nothing beside it
// must find everything it needs inside itself.
//
// Usage: node scripts/check-paths.js [root]   (default: this repository)
'use strict';

const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');

// Upstream files kept byte-identical, the lock file and Yarn's own release:
// their text is not ours to change and refers to nothing on this machine.
const SKIPPED = [
  /^packages\/upstream-crds\/crds\//,
  /^\.yarn\//,
  /^yarn\.lock$/,
];
const MAX_FILE_BYTES = 2 * 1024 * 1024;

// Backstage resolves `file` locations in app-config from the backend's working
// directory (packages/backend), not from the config file's folder.
function baseDirectoryOf(root, file) {
  if (/^app-config[\w.-]*\.ya?ml$/.test(file)) {
    return path.join(root, 'packages/backend');
  }
  return path.dirname(path.join(root, file));
}

// `..` segments (at least one) followed by an optional rest of a path, as
// the token begins: not inside a word, a URL or a longer path.
const RELATIVE_PATH =
  /(?<![\w.\/:@-])((?:\.\.\/)*\.\.)(?=[\/'"`\s)\]},;:]|$)((?:\/[\w.@$-]+)*)/g;

function trackedFiles(root) {
  const output = execFileSync('git', ['ls-files', '-z'], {
    cwd: root,
    maxBuffer: 64 * 1024 * 1024,
  });
  return output.toString('utf8').split('\0').filter(Boolean);
}

function isText(buffer) {
  return !buffer.subarray(0, 8000).includes(0);
}

/** Problems of one file: `file:line: reference (why)`. */
function problemsOf(root, file, text) {
  const problems = [];
  const outsideRoot = path.dirname(root) + path.sep;
  const directory = baseDirectoryOf(root, file);
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    for (const match of line.matchAll(RELATIVE_PATH)) {
      const reference = match[1] + (match[2] || '');
      const target = path.resolve(directory, reference);
      if (target !== root && !target.startsWith(root + path.sep)) {
        problems.push(
          `${where}: ${reference} (resolves to ${target}, outside the repository)`,
        );
      }
    }
    let from = line.indexOf(outsideRoot);
    while (from !== -1) {
      const rest = line.slice(from);
      const reference = /^[^\s'"`)\]},;]+/.exec(rest)[0];
      if (!(reference + path.sep).startsWith(root + path.sep)) {
        problems.push(
          `${where}: ${reference} (an absolute path beside the repository)`,
        );
      }
      from = line.indexOf(outsideRoot, from + 1);
    }
  });
  return problems;
}

function checkRepository(root) {
  const problems = [];
  for (const file of trackedFiles(root)) {
    if (SKIPPED.some(pattern => pattern.test(file))) continue;
    const full = path.join(root, file);
    let stat;
    try {
      stat = fs.lstatSync(full);
    } catch {
      continue; // deleted in the working tree
    }
    if (stat.isSymbolicLink()) {
      const target = path.resolve(path.dirname(full), fs.readlinkSync(full));
      if (!target.startsWith(root + path.sep)) {
        problems.push(`${file}: a link to ${target}, outside the repository`);
      }
      continue;
    }
    if (!stat.isFile() || stat.size > MAX_FILE_BYTES) continue;
    const buffer = fs.readFileSync(full);
    if (!isText(buffer)) continue;
    problems.push(...problemsOf(root, file, buffer.toString('utf8')));
  }
  return problems;
}

module.exports = { checkRepository, problemsOf };

if (require.main === module) {
  const root = fs.realpathSync(
    path.resolve(process.argv[2] || path.join(__dirname, '..')),
  );
  const problems = checkRepository(root);
  if (problems.length > 0) {
    console.error(
      `${problems.length} reference(s) to paths outside the repository; ` +
        'a clone with nothing beside it cannot follow them. Move what they ' +
        'need into the repository:',
    );
    for (const problem of problems.slice(0, 50)) console.error(`  ${problem}`);
    if (problems.length > 50) {
      console.error(`  and ${problems.length - 50} more`);
    }
    process.exit(1);
  }
  console.log(`no tracked file refers to a path outside ${root}`);
}

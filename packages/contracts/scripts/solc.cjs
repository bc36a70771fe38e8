// A `solc` command-line stand-in over solc-js, enough for forge (foundry-compilers):
//   solc --version                 -> "Version: <solc.version()>"
//   solc [--base-path P] [--include-path P]... [--allow-paths P,...] --standard-json
//                                  -> reads the standard JSON input on stdin, prints compile() output.
// forge inlines every source's content; the import callback below is only a fallback that resolves
// already-remapped paths against the working directory, base path and include paths.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const solc = require('solc');

const args = process.argv.slice(2);

if (args.includes('--version') || args.includes('-v')) {
  process.stdout.write(`solc, the solidity compiler commandline interface\nVersion: ${solc.version()}\n`);
  process.exit(0);
}

if (!args.includes('--standard-json')) {
  process.stderr.write('scripts/solc: only --version and --standard-json are supported\n');
  process.exit(2);
}

/** Values of a flag given as `--flag value` or `--flag=value` (repeatable). */
function flagValues(name) {
  const values = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === name && i + 1 < args.length) values.push(args[++i]);
    else if (args[i].startsWith(`${name}=`)) values.push(args[i].slice(name.length + 1));
  }
  return values;
}

const roots = [
  process.cwd(),
  ...flagValues('--base-path'),
  ...flagValues('--include-path'),
  ...flagValues('--allow-paths').flatMap((v) => v.split(',')),
].filter(Boolean);

function findImports(importPath) {
  const candidates = path.isAbsolute(importPath) ? [importPath] : roots.map((root) => path.resolve(root, importPath));
  for (const candidate of candidates) {
    try {
      return { contents: fs.readFileSync(candidate, 'utf8') };
    } catch {
      // try the next root
    }
  }
  return { error: `File not found: ${importPath} (searched ${roots.join(', ')})` };
}

const input = fs.readFileSync(0, 'utf8');
const output = solc.compile(input, { import: findImports });
process.stdout.write(output);

// V8 keeps a loaded script's source text in memory for as long as its functions live, and stores a
// string with even one character past U+00FF (a ’, “, — or … in a message) at two bytes per
// character. The server's chunks are loaded whole, so one such character doubled the memory a
// chunk's text takes: reprinted with those characters escaped (esbuild, charset ascii, the same
// program), every chunk is held at one byte per character (issue 30: the server's RSS).
import fs from 'node:fs';
import path from 'node:path';

const WIDE = /[^\u0000-\u00ff]/;

function* scripts(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* scripts(file);
    else if (/\.(c|m)?js$/.test(entry.name)) yield file;
  }
}

/** Reprints every script under `dir` that holds a character past U+00FF; answers how many. */
export async function narrowScripts(dir: string): Promise<number> {
  const { transform } = await import('esbuild');
  let changed = 0;
  for (const file of scripts(dir)) {
    const source = fs.readFileSync(file, 'utf8');
    if (!WIDE.test(source)) continue;
    // Whitespace only: names and structure stay as the bundler made them. A .mjs is a module, the
    // chunks are CommonJS (format left as it is).
    const { code } = await transform(source, { charset: 'ascii', minifyWhitespace: true, legalComments: 'inline', loader: 'js', sourcefile: file, target: 'node20' });
    fs.writeFileSync(file, code);
    changed += 1;
  }
  return changed;
}

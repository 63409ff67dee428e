// The package tests under `node --test --expose-gc`: the package from SHOGI_WASM_PKG (default
// shogi-wasm/pkg) imported through its package.json, as a user imports it, and the corpus from
// SHOGI_WASM_CORPUS (written by corpus.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { define } from './suite.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const pkgDir = resolve(process.env.SHOGI_WASM_PKG ?? resolve(here, '../pkg'));
const corpusFile = process.env.SHOGI_WASM_CORPUS;
if (!corpusFile) throw new Error('set SHOGI_WASM_CORPUS to the corpus written by corpus.mjs');

// Import the package by its name from a scratch folder whose node_modules links to it, so
// that Node resolves its package.json "exports" as it does for a user.
const scratch = mkdtempSync(join(tmpdir(), 'shogi-wasm-test-'));
mkdirSync(join(scratch, 'node_modules'));
const name = JSON.parse(readFileSync(resolve(pkgDir, 'package.json'), 'utf8')).name;
symlinkSync(pkgDir, join(scratch, 'node_modules', name), 'dir');
writeFileSync(join(scratch, 'load.mjs'), `export * from '${name}';\n`);
const lib = await import(pathToFileURL(join(scratch, 'load.mjs')).href);
const corpus = JSON.parse(readFileSync(corpusFile, 'utf8'));

define({ test, assert, lib, corpus, gc: globalThis.gc, platform: 'node' });

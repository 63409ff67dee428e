// JKF interop: our JKF against the JSON Schema of json-kifu-format 5.5.0, tsshogi 2.2.0 and
// json-kifu-format's own KIF/KI2/CSA parsers.
//
// Usage: node jkf_check.mjs <OUT_DIR>
//   OUT_DIR holds what `jkf_interop write` wrote (manifest.json, jkf/, utf8/); environment:
//   NODE_MODULES   the node_modules folder with json-kifu-format, tsshogi, ajv, ajv-formats
//   JKF_INTEROP    the built `jkf_interop` example (its `read` mode reads JKF files with our
//                  reader and prints one JSON line per file)
//
// Checks, each with one line per file (`ok`, `MISMATCH <what>`, `INVALID <why>`,
// `ERROR <why>`, `unsupported <why>`) and a count line:
// The manifest also lists synthetic records of the example (every ending of our model, exact
// outcomes, forks, a kept illegal move), which have no original file: checks 1 and 2 only.
//  1. schema: every JKF we wrote is valid against
//     node_modules/json-kifu-format/specification/json-kifu-format.schema.json (draft 2020-12,
//     ajv with strictTuples off, as json-kifu-format's own `schema:validate` script runs it).
//     -> `jkf schema: N valid, M invalid`
//  2. tsshogi: `importJKFString` of every JKF we wrote gives our start position and moves (USI,
//     main line); then `exportJKFString` of tsshogi's record, read back by our reader, gives
//     them too. tsshogi 2.2.0 `importJKF` knows only the presets HIRATE KY KY_R KA HI HIKY 2 4
//     6 8 10 OTHER: a file with another preset is `unsupported`.
//     -> `tsshogi: N agree, M mismatches, U unsupported`
//  3. json-kifu-format: `JKFPlayer.parseKIF` / `parseKI2` / `parseCSA` of every original file
//     (its UTF-8 copy: the parsers take text), whose JKF our reader then reads, gives the start
//     and moves of our reading of the original. A file that their parser throws on is
//     `unsupported <their message>`; a file that our reader refuses is `not compared`.
//     -> `json-kifu-format: N agree, M unsupported, K mismatches`
// Exits 1 on any invalid JKF, mismatch or error.

import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const out = process.argv[2];
const modules = process.env.NODE_MODULES;
const bin = process.env.JKF_INTEROP;
if (!out || !modules || !bin) {
  console.error("usage: NODE_MODULES=... JKF_INTEROP=... node jkf_check.mjs <OUT_DIR>");
  process.exit(2);
}
const require = createRequire(join(modules, "noop.js"));
const Ajv2020 = require("ajv/dist/2020").default;
const addFormats = require("ajv-formats").default;
const { JKFPlayer } = require("json-kifu-format");
const ts = await import(pathToFileURL(join(modules, "tsshogi/dist/esm/index.mjs")).href);
const version = (pkg) => JSON.parse(readFileSync(join(modules, pkg, "package.json"), "utf8")).version;
console.log(
  `json-kifu-format ${version("json-kifu-format")}, tsshogi ${version("tsshogi")}, ajv ${version("ajv")}`,
);

const manifest = JSON.parse(readFileSync(join(out, "manifest.json"), "utf8")).records;
const ours = manifest.filter((e) => e.jkf);
let failed = false;

/** Board, side and hands (hands sorted) of an SFEN. */
function normaliseSfen(sfen) {
  const [board, side, hand] = sfen.split(/\s+/);
  const counts = {};
  if (hand && hand !== "-") {
    for (const [, n, p] of hand.matchAll(/(\d*)([A-Za-z])/g)) {
      counts[p] = (counts[p] ?? 0) + (n ? Number(n) : 1);
    }
  }
  const hands = Object.keys(counts)
    .sort()
    .map((p) => `${counts[p]}${p}`)
    .join("");
  return `${board} ${side} ${hands || "-"}`;
}

/** What differs between a reading and the manifest entry (start, moves). */
function compare(entry, sfen, moves) {
  const problems = [];
  if (normaliseSfen(sfen) !== normaliseSfen(entry.start_sfen)) {
    problems.push(`start: read ${sfen}, ours ${entry.start_sfen}`);
  }
  if (moves.join(" ") !== entry.moves.join(" ")) {
    problems.push(`moves: read [${moves.join(" ")}], ours [${entry.moves.join(" ")}]`);
  }
  return problems;
}

/** Our reader on JKF files: file -> {start_sfen, moves, error}. */
function ourRead(files) {
  const result = new Map();
  if (files.length === 0) return result;
  const text = execFileSync(bin, ["read", ...files], { encoding: "utf8", maxBuffer: 1 << 28 });
  for (const line of text.split("\n").filter(Boolean)) {
    const r = JSON.parse(line);
    result.set(r.file, r);
  }
  return result;
}

// 1. The schema.
{
  const schemaPath = join(modules, "json-kifu-format/specification/json-kifu-format.schema.json");
  const ajv = new Ajv2020({ strictTuples: false, allErrors: true });
  addFormats(ajv);
  const validate = ajv.compile(JSON.parse(readFileSync(schemaPath, "utf8")));
  let valid = 0;
  const invalid = [];
  for (const e of ours) {
    const jkf = JSON.parse(readFileSync(join(out, e.jkf), "utf8"));
    if (validate(jkf)) {
      valid += 1;
      console.log(`${e.file}: ok`);
    } else {
      invalid.push(e.file);
      const why = validate.errors
        .slice(0, 3)
        .map((x) => `${x.instancePath || "/"} ${x.message}`)
        .join("; ");
      console.log(`${e.file}: INVALID ${why}`);
    }
  }
  console.log(`jkf schema: ${valid} valid, ${invalid.length} invalid`);
  if (invalid.length) failed = true;
}

// 2. tsshogi: import ours, export theirs for our reader.
{
  const TS_PRESETS = new Set(["HIRATE", "KY", "KY_R", "KA", "HI", "HIKY", "2", "4", "6", "8", "10", "OTHER"]);
  const exportDir = join(out, "tsshogi");
  mkdirSync(exportDir, { recursive: true });
  let agree = 0;
  const mismatches = [];
  const unsupported = {};
  const exported = [];
  for (const e of ours) {
    const text = readFileSync(join(out, e.jkf), "utf8");
    const preset = JSON.parse(text).initial?.preset ?? "HIRATE";
    if (!TS_PRESETS.has(preset)) {
      const why = `tsshogi 2.2.0 importJKF knows no preset ${preset}`;
      unsupported[why] = (unsupported[why] ?? 0) + 1;
      console.log(`${e.file}: unsupported ${why}`);
      continue;
    }
    const record = ts.importJKFString(text);
    if (record instanceof Error) {
      mismatches.push(e.file);
      console.log(`${e.file}: ERROR ${record.message}`);
      continue;
    }
    const moves = record.moves.filter((n) => n.move instanceof ts.Move).map((n) => n.move.usi);
    const problems = compare(e, record.initialPosition.sfen, moves);
    if (problems.length) {
      mismatches.push(e.file);
      console.log(`${e.file}: MISMATCH tsshogi importJKF: ${problems.join("; ")}`);
      continue;
    }
    const p = join(exportDir, basename(e.jkf));
    writeFileSync(p, ts.exportJKFString(record));
    exported.push([e, p]);
  }
  const back = ourRead(exported.map(([, p]) => p));
  for (const [e, p] of exported) {
    const r = back.get(p);
    const problems = !r ? ["no reading"] : r.error ? [`our reader: ${r.error}`] : compare(e, r.start_sfen, r.moves);
    if (problems.length) {
      mismatches.push(e.file);
      console.log(`${e.file}: MISMATCH tsshogi exportJKF read by us: ${problems.join("; ")}`);
    } else {
      agree += 1;
      console.log(`${e.file}: ok`);
    }
  }
  const nUnsupported = Object.values(unsupported).reduce((a, b) => a + b, 0);
  const which = Object.entries(unsupported)
    .map(([why, n]) => `${why}: ${n}`)
    .join(", ");
  console.log(
    `tsshogi: ${agree} agree, ${mismatches.length} mismatches, ${nUnsupported} unsupported (${which || "none"})`,
  );
  if (mismatches.length) failed = true;
}

// 3. json-kifu-format's parsers on the original files.
{
  const parsers = { kif: JKFPlayer.parseKIF, ki2: JKFPlayer.parseKI2, csa: JKFPlayer.parseCSA };
  const parsedDir = join(out, "json-kifu-format");
  mkdirSync(parsedDir, { recursive: true });
  let agree = 0;
  let notCompared = 0;
  const mismatches = [];
  const unsupported = [];
  const parsed = [];
  for (const e of manifest.filter((e) => e.format !== "synthetic")) {
    if (!e.jkf) {
      notCompared += 1;
      console.log(`${e.file}: not compared (our reader refuses it: ${e.error})`);
      continue;
    }
    const text = readFileSync(join(out, e.utf8), "utf8");
    let player;
    try {
      player = parsers[e.format].call(JKFPlayer, text);
    } catch (err) {
      const why = String(err?.message ?? err).split("\n")[0].slice(0, 160);
      unsupported.push(e.file);
      console.log(`${e.file}: unsupported json-kifu-format parse${e.format.toUpperCase()} throws: ${why}`);
      continue;
    }
    const p = join(parsedDir, `${basename(e.jkf)}`);
    writeFileSync(p, JSON.stringify(player.kifu));
    parsed.push([e, p]);
  }
  const back = ourRead(parsed.map(([, p]) => p));
  for (const [e, p] of parsed) {
    const r = back.get(p);
    const problems = !r ? ["no reading"] : r.error ? [`our reader: ${r.error}`] : compare(e, r.start_sfen, r.moves);
    if (problems.length) {
      mismatches.push(e.file);
      console.log(`${e.file}: MISMATCH json-kifu-format's JKF read by us: ${problems.join("; ")}`);
    } else {
      agree += 1;
      console.log(`${e.file}: ok`);
    }
  }
  console.log(
    `json-kifu-format: ${agree} agree, ${unsupported.length} unsupported, ${mismatches.length} mismatches` +
      (notCompared ? `, ${notCompared} not compared (our reader refuses them)` : ""),
  );
  if (mismatches.length) failed = true;
}

process.exitCode = failed ? 1 : 0;

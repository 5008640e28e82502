// `npm run mutation`: Stryker over the pure rules of each workspace in mutation.config.mjs, one workspace
// after the other, then one table of scores per file. Fails when a file is below its target.
// `npm run mutation -- web` runs only the workspaces whose folder contains "web"; `--summary` prints the
// table of the last run's reports again without running Stryker.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { equivalent, strykerOptions, workspaces } from "../mutation.config.mjs";
import { root, run } from "./lib.mjs";

const reportFolder = path.join(root, "reports", "mutation");
const strykerBin = path.join(root, "node_modules", ".bin", "stryker");

/** `file:first-last` line ranges covering the named top-level functions, so only those are mutated. */
function functionRanges(workspaceDir, file, names) {
  const source = readFileSync(path.join(workspaceDir, file), "utf8");
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const line = (position) => tree.getLineAndCharacterOfPosition(position).line + 1;
  return names.map((name) => {
    const declaration = tree.statements.find((node) => ts.isFunctionDeclaration(node) && node.name?.text === name);
    if (declaration === undefined) throw new Error(`${file} has no top-level function ${name} to mutate`);
    return `${file}:${line(declaration.getStart())}-${line(declaration.getEnd())}`;
  });
}

// A mutate glob (with *, ** and ?) as a regular expression over workspace-relative paths.
function globToRegExp(glob) {
  const part = (text) =>
    text
      .replace(/[.+^${}()|[\]\\]/g, "\\$&")
      .replace(/\*/g, "[^/]*")
      .replace(/\?/g, "[^/]");
  return new RegExp(`^${glob.split("**/").map(part).join("(?:.*/)?")}$`);
}

/** Index of the config entry that names the file (its row's place in the table) or -1. */
function entryIndexOf(workspace, file) {
  return workspace.files.findIndex((entry) => entry.file === file || globToRegExp(entry.file).test(file));
}

function strykerConfig(workspace, name) {
  const workspaceDir = path.join(root, workspace.dir);
  const mutate = workspace.files.flatMap((entry) =>
    entry.only === undefined ? [entry.file] : functionRanges(workspaceDir, entry.file, entry.only),
  );
  return {
    ...strykerOptions,
    mutate: [...mutate, "!**/*.test.ts"],
    vitest: { configFile: path.join(root, "scripts", "mutation-vitest.config.mjs") },
    reporters: ["html", "json", "progress"],
    htmlReporter: { fileName: path.join(reportFolder, name, "index.html") },
    jsonReporter: { fileName: path.join(reportFolder, name, "mutation.json") },
  };
}

const oneLine = (text) => text.replace(/\s+/g, " ").trim();
const shortened = (text, max = 100) =>
  oneLine(text).length <= max ? oneLine(text) : `${oneLine(text).slice(0, max - 1)}…`;

/** The code a mutant replaced, from the report's 1-based line and column positions. */
function originalText(source, location) {
  const lines = source.split("\n");
  const { start, end } = location;
  if (start.line === end.line) return lines[start.line - 1].slice(start.column - 1, end.column - 1);
  return [
    lines[start.line - 1].slice(start.column - 1),
    ...lines.slice(start.line, end.line - 1),
    lines[end.line - 1].slice(0, end.column - 1),
  ].join("\n");
}

/** Whether `where` occurs on the mutant's first line so that it covers the mutant's first column. */
function occursAt(line, where, column) {
  for (let index = line.indexOf(where); index !== -1; index = line.indexOf(where, index + 1)) {
    if (index <= column && column < index + where.length) return true;
  }
  return false;
}

function isDocumentedEquivalent(file, mutant, source, original) {
  const line = source.split("\n")[mutant.location.start.line - 1] ?? "";
  return equivalent.some(
    (entry) =>
      entry.file === file &&
      entry.mutator === mutant.mutatorName &&
      oneLine(entry.original) === oneLine(original) &&
      oneLine(entry.replacement) === oneLine(mutant.replacement ?? "") &&
      occursAt(line, entry.where, mutant.location.start.column - 1),
  );
}

/** Score rows and survivors of one workspace's JSON report. */
function summarise(workspace, name) {
  const report = JSON.parse(readFileSync(path.join(reportFolder, name, "mutation.json"), "utf8"));
  const rows = [];
  const survivors = [];
  for (const [reportedFile, result] of Object.entries(report.files)) {
    const fileInWorkspace = path.isAbsolute(reportedFile)
      ? path.relative(path.join(root, workspace.dir), reportedFile)
      : reportedFile;
    const file = path.posix.join(workspace.dir, fileInWorkspace.split(path.sep).join("/"));
    const count = (status) => result.mutants.filter((mutant) => mutant.status === status).length;
    const killed = count("Killed") + count("Timeout");
    const survived = count("Survived");
    const noCoverage = count("NoCoverage");
    const detectedOrNot = killed + survived + noCoverage;
    let equivalentCount = 0;
    for (const mutant of result.mutants) {
      if (mutant.status !== "Survived" && mutant.status !== "NoCoverage") continue;
      const original = originalText(result.source, mutant.location);
      if (isDocumentedEquivalent(file, mutant, result.source, original)) equivalentCount += 1;
      else survivors.push({ file, line: mutant.location.start.line, mutant, original });
    }
    rows.push({
      file,
      killed,
      survived,
      noCoverage,
      equivalent: equivalentCount,
      score: detectedOrNot === 0 ? 100 : (killed / detectedOrNot) * 100,
      target: workspace.files[entryIndexOf(workspace, fileInWorkspace)]?.target,
      order: entryIndexOf(workspace, fileInWorkspace),
    });
  }
  rows.sort((left, right) => left.order - right.order || left.file.localeCompare(right.file));
  survivors.sort((left, right) => left.file.localeCompare(right.file) || left.line - right.line);
  return { rows, survivors };
}

function printTable(rows) {
  const header = ["file", "killed", "survived", "no coverage", "of which equivalent", "score", "target"];
  const body = rows.map((row) => [
    row.file,
    String(row.killed),
    String(row.survived),
    String(row.noCoverage),
    String(row.equivalent),
    `${row.score.toFixed(1)} %`,
    row.target === undefined ? "-" : `${row.target} %${row.score < row.target ? " BELOW" : ""}`,
  ]);
  const widths = header.map((_, column) => Math.max(...[header, ...body].map((cells) => cells[column].length)));
  const format = (cells) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(" | ")} |`;
  console.log([format(header), format(widths.map((width) => "-".repeat(width))), ...body.map(format)].join("\n"));
}

const summaryOnly = process.argv.includes("--summary");
const only = process.argv.slice(2).filter((argument) => argument !== "--summary");
const chosen = workspaces.filter((workspace) => only.length === 0 || only.some((word) => workspace.dir.includes(word)));
if (chosen.length === 0) throw new Error(`No workspace in mutation.config.mjs matches ${only.join(", ")}`);

const started = Date.now();
const rows = [];
const survivors = [];
for (const workspace of chosen) {
  const name = path.basename(workspace.dir);
  if (summaryOnly) {
    const summary = summarise(workspace, name);
    rows.push(...summary.rows);
    survivors.push(...summary.survivors);
    continue;
  }
  const configFile = path.join(reportFolder, name, "stryker.config.json");
  mkdirSync(path.dirname(configFile), { recursive: true });
  rmSync(path.join(reportFolder, name, "mutation.json"), { force: true });
  writeFileSync(configFile, `${JSON.stringify(strykerConfig(workspace, name), null, 2)}\n`);
  console.log(`\n=== Mutation testing: ${workspace.dir} ===`);
  const workspaceStarted = Date.now();
  await run(strykerBin, ["run", configFile], {
    cwd: path.join(root, workspace.dir),
    env: { ...process.env, MUTATION_TEST_FILES: JSON.stringify(workspace.tests) },
  });
  console.log(`--- ${workspace.dir}: ${((Date.now() - workspaceStarted) / 1000).toFixed(0)} s`);
  const summary = summarise(workspace, name);
  rows.push(...summary.rows);
  survivors.push(...summary.survivors);
}

const took = summaryOnly ? "last run" : `${((Date.now() - started) / 1000).toFixed(0)} s in all`;
console.log(`\n=== Mutation scores (${took}) ===\n`);
printTable(rows);
console.log(
  `\nHTML reports: ${chosen.map((workspace) => path.relative(root, path.join(reportFolder, path.basename(workspace.dir), "index.html"))).join(", ")}`,
);
if (survivors.length > 0) {
  console.log(`\nSurvivors not documented as equivalent in mutation.config.mjs (${survivors.length}):`);
  for (const { file, line, mutant, original } of survivors) {
    console.log(
      `  ${file}:${line} ${mutant.mutatorName} [${mutant.status}]: ${shortened(original)} -> ${shortened(mutant.replacement ?? "")}`,
    );
  }
}
const below = rows.filter((row) => row.target !== undefined && row.score < row.target);
if (below.length > 0) {
  console.error(
    `\nBelow target: ${below.map((row) => `${row.file} (${row.score.toFixed(1)} % < ${row.target} %)`).join(", ")}`,
  );
  process.exit(1);
}

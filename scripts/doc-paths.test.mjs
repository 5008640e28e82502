// Every repository path the documentation names must exist: README.md and docs/**/*.md (inline code and
// link targets), and the docs/… and apps/…, packages/… file paths named in source comments.
// A path counts as existing when git lists a file there (tracked, or new and not ignored) or a folder
// holding one. Failures are reported as "file:line → path".
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const REPO_PREFIXES = ["apps/", "packages/", "scripts/", "docs/", "bench/", "deploy/", ".ci/", "tooling/"];
const LINK_ENDINGS = [".md", ".ts", ".tsx", ".mjs", ".json", ".yml", ".caddy", "Caddyfile", "Dockerfile"];
const PLACEHOLDER = /[*<{]|…|\.\.\./;
const SKIPPED_FOLDERS = new Set(["node_modules", "dist", "build"]);
const THIS_FILE = "scripts/doc-paths.test.mjs";

/** Files git knows (tracked, or untracked and not ignored) that are on disk, and every folder above them. */
function repositoryPaths() {
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const files = new Set(listed.split("\0").filter((file) => file !== "" && existsSync(path.join(root, file))));
  const folders = new Set([""]);
  for (const file of files) {
    for (let end = file.indexOf("/"); end !== -1; end = file.indexOf("/", end + 1)) folders.add(file.slice(0, end));
  }
  return { files, folders, all: [...files] };
}

const repo = repositoryPaths();

function exists(repoPath) {
  const clean = repoPath.replace(/\/+$/, "");
  return repo.files.has(clean) || repo.folders.has(clean);
}

/** Drops a "#anchor" and a ":12" or ":12-30" line suffix. */
function stripSuffixes(target) {
  return target.replace(/#.*$/, "").replace(/:\d+(?:-\d+)?$/, "");
}

function startsWithRepoPrefix(target) {
  return REPO_PREFIXES.some((prefix) => target.startsWith(prefix));
}

/** The repository-relative form of a path, or null when it leaves the repository. */
function toRepoPath(absolute) {
  const relative = path.relative(root, absolute).split(path.sep).join("/");
  return relative.startsWith("..") || path.isAbsolute(relative) ? null : relative;
}

/** Inline code: a whole span that is one repo path, taken from the repository's root. */
function inlineCodeReference(span) {
  const target = stripSuffixes(span.trim());
  if (target === "" || /\s/.test(target) || PLACEHOLDER.test(target) || !startsWithRepoPrefix(target)) return null;
  return { shown: target, repoPath: target.replace(/^\.\//, "") };
}

/** A link target, taken from the folder of the file that holds it. */
function linkReference(rawTarget, markdownFile) {
  const target = stripSuffixes(rawTarget.trim().replace(/^<(.*)>$/, "$1"));
  if (target === "" || PLACEHOLDER.test(target)) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("/")) return null; // URLs, site paths
  let decoded = target;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    // keep the target as written
  }
  const repoPath = toRepoPath(path.resolve(root, path.dirname(markdownFile), decoded));
  const looksLikeRepoPath =
    startsWithRepoPrefix(decoded) ||
    (repoPath !== null && startsWithRepoPrefix(repoPath)) ||
    LINK_ENDINGS.some((ending) => decoded.endsWith(ending));
  if (!looksLikeRepoPath) return null;
  return { shown: target, repoPath };
}

function markdownFiles() {
  return repo.all.filter((file) => file === "README.md" || (file.startsWith("docs/") && file.endsWith(".md"))).sort();
}

/** Every bad path reference in one markdown file, as "file:line → path". */
function badMarkdownReferences(file) {
  const bad = [];
  const lines = readFileSync(path.join(root, file), "utf8").split("\n");
  let fence = null;
  lines.forEach((line, index) => {
    const fenceMark = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fenceMark) {
      if (fence === null) fence = fenceMark[1][0];
      else if (fenceMark[1][0] === fence) fence = null;
      return;
    }
    if (fence !== null) return;
    const references = [];
    const withoutCode = line.replace(/(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g, (_whole, _ticks, span) => {
      const found = inlineCodeReference(span);
      if (found) references.push(found);
      return " ";
    });
    for (const match of withoutCode.matchAll(/\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+"[^"]*")?\s*\)/g)) {
      const found = linkReference(match[1], file);
      if (found) references.push(found);
    }
    const definition = /^\s{0,3}\[[^\]]+\]:\s*(\S+)/.exec(withoutCode);
    if (definition) {
      const found = linkReference(definition[1], file);
      if (found) references.push(found);
    }
    for (const { shown, repoPath } of references) {
      if (repoPath === null || !exists(repoPath)) bad.push(`${file}:${index + 1} → ${shown}`);
    }
  });
  return bad;
}

function sourceFiles() {
  return repo.all
    .filter(
      (file) =>
        /^apps\/.*\.(ts|tsx|mjs)$/.test(file) ||
        /^packages\/.*\.(ts|mjs)$/.test(file) ||
        /^scripts\/.*\.mjs$/.test(file),
    )
    .filter((file) => !file.split("/").some((part) => SKIPPED_FOLDERS.has(part)))
    .filter((file) => file !== THIS_FILE) // its own examples name made-up paths on purpose
    .sort();
}

/** The comment text on each line of a source file: "//" comments and the lines of "/* … *\/" blocks. */
function commentLines(text) {
  const comments = [];
  let inBlock = false;
  text.split("\n").forEach((line, index) => {
    let rest = line;
    let comment = "";
    while (rest !== "") {
      if (inBlock) {
        const end = rest.indexOf("*/");
        if (end === -1) {
          comment += ` ${rest}`;
          rest = "";
        } else {
          comment += ` ${rest.slice(0, end)}`;
          rest = rest.slice(end + 2);
          inBlock = false;
        }
        continue;
      }
      const lineComment = /(^|[\s;,(){}[\]])\/\/(.*)$/.exec(rest);
      const blockStart = /(^|[\s;,(){}[\]=])\/\*/.exec(rest);
      if (lineComment && (!blockStart || lineComment.index < blockStart.index)) {
        comment += ` ${lineComment[2]}`;
        rest = "";
      } else if (blockStart) {
        rest = rest.slice(blockStart.index + blockStart[0].length);
        inBlock = true;
      } else {
        rest = "";
      }
    }
    if (comment.trim() !== "") comments.push({ line: index + 1, text: comment });
  });
  return comments;
}

const COMMENT_PATH =
  /(?<![\w./-])(docs\/[\w./-]*\.md(?:#[\w-]+)?|(?:apps|packages)\/[\w./@-]*\.[A-Za-z]{1,5})(?![\w*<{…])/g;

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

const anchorsByDoc = new Map();
/** The anchors of a markdown file's headings. */
function anchorsOf(doc) {
  if (!anchorsByDoc.has(doc)) {
    const headings = readFileSync(path.join(root, doc), "utf8").match(/^#{1,6} .+$/gm) ?? [];
    anchorsByDoc.set(doc, new Set(headings.map((heading) => anchorOf(heading.replace(/^#+ /, "")))));
  }
  return anchorsByDoc.get(doc);
}

/** Every bad path reference in the comments of one source file: a missing file, or a missing section of a doc. */
function badCommentReferences(file) {
  const bad = [];
  for (const { line, text } of commentLines(readFileSync(path.join(root, file), "utf8"))) {
    for (const match of text.matchAll(COMMENT_PATH)) {
      const shown = match[1];
      if (PLACEHOLDER.test(shown)) continue;
      const target = stripSuffixes(shown);
      if (!exists(target)) bad.push(`${file}:${line} → ${shown}`);
      else if (shown.includes("#") && target.endsWith(".md") && !anchorsOf(target).has(shown.split("#")[1]))
        bad.push(`${file}:${line} → ${shown} (no such section)`);
    }
  }
  return bad;
}

const isTestFile = (file) =>
  /(^|\/)(test|tests|e2e)\//.test(file) || /\.(test|spec)\.[cm]?[jt]sx?$/.test(file) || file === THIS_FILE;

/** A ticket number or the storefront's outside specification, neither of which a newcomer can read. */
const citesOutside = (comment) => /\b[Ii]ssue \d+|\bSPEC\b/.test(comment);

/** The comments of a file that cite what is outside the repository. */
function outsideCites(file) {
  return commentLines(readFileSync(path.join(root, file), "utf8"))
    .filter(({ text }) => citesOutside(text))
    .map(({ line, text }) => `${file}:${line} →${text}`);
}

function report(bad) {
  return `${bad.length} path(s) that do not exist:\n${bad.join("\n")}`;
}

describe("paths named in the documentation", () => {
  it("README.md and docs/**/*.md name only paths that exist", () => {
    const files = markdownFiles();
    assert.ok(files.includes("README.md"), "README.md is listed by git");
    const bad = files.flatMap(badMarkdownReferences);
    assert.deepEqual(bad, [], report(bad));
  });

  it("source comments name only docs, sections of docs and files that exist", () => {
    const bad = sourceFiles().flatMap(badCommentReferences);
    assert.deepEqual(bad, [], report(bad));
  });

  it("source comments give reasons, not ticket numbers or the outside specification's sections", () => {
    const cites = sourceFiles()
      .filter((file) => !isTestFile(file))
      .flatMap(outsideCites);
    assert.deepEqual(cites, [], `${cites.length} comment(s) citing an issue or SPEC:\n${cites.join("\n")}`);
  });

  it("the README stays a front page of at most 200 lines, the rest living in docs/", () => {
    const lines = readFileSync(path.join(root, "README.md"), "utf8").trimEnd().split("\n").length;
    assert.ok(lines <= 200, `README.md has ${lines} lines`);
  });
});

describe("the path detection itself", () => {
  it("takes inline code from the root and skips placeholders and non-paths", () => {
    assert.deepEqual(inlineCodeReference("apps/web/app/root.tsx:12"), {
      shown: "apps/web/app/root.tsx",
      repoPath: "apps/web/app/root.tsx",
    });
    assert.equal(inlineCodeReference("apps/store-api/test/admin-*.test.ts"), null);
    assert.equal(inlineCodeReference("/orders/{token}/invoice"), null);
    assert.equal(inlineCodeReference("npm run admin -- backup"), null);
    assert.equal(inlineCodeReference("DATA_DIR/media"), null);
  });

  it("resolves links from the folder of their file and strips anchors", () => {
    assert.deepEqual(linkReference("decisions/013-markets.md#prices", "docs/markets.md"), {
      shown: "decisions/013-markets.md",
      repoPath: "docs/decisions/013-markets.md",
    });
    assert.deepEqual(linkReference("../apps/admin", "docs/owner-guide.md"), {
      shown: "../apps/admin",
      repoPath: "apps/admin",
    });
    assert.equal(linkReference("https://example.com/a.md", "README.md"), null);
    assert.equal(linkReference("#backups", "README.md"), null);
    assert.equal(linkReference("../../outside.md", "docs/a.md")?.repoPath, null);
  });

  it("reads // and /* */ comments, not strings that hold a URL", () => {
    const comments = commentLines(
      [
        'const url = "https://example.com/docs/a.md"; // see docs/b.md',
        "/* first docs/c.md",
        " * then apps/web/app/root.tsx */ const x = 1;",
      ].join("\n"),
    );
    const found = comments.flatMap(({ line, text }) => [...text.matchAll(COMMENT_PATH)].map((m) => `${line}:${m[1]}`));
    assert.deepEqual(found, ["1:docs/b.md", "2:docs/c.md", "3:apps/web/app/root.tsx"]);
  });

  it("makes a heading's anchor as GitHub does, and finds a ticket cite in a comment", () => {
    assert.equal(anchorOf("Cart drawer"), "cart-drawer");
    assert.equal(anchorOf("Paying in the sandbox (test cards)"), "paying-in-the-sandbox-test-cards");
    assert.equal(anchorOf("Home: the hero, the grid & FAQ"), "home-the-hero-the-grid--faq");
    const cite = (line) => commentLines(line).some(({ text }) => citesOutside(text));
    assert.equal(cite("// as issue 28 asked"), true);
    assert.equal(cite("/** SPEC §2 */"), true);
    assert.equal(cite('const shell = "COMSPEC"; // Windows'), false);
    assert.equal(cite("// the issue is a race"), false);
  });
});

#!/usr/bin/env bash
# Builds the embedding guide's Docusaurus lines in a real Docusaurus v3 site (docs/embedding.md,
# section "Docusaurus v3"; the site is tests/docusaurus, pinned by its package-lock.json):
#   1. its one .md page is the guide's ```mdx block (after <!-- docusaurus-check: page -->), and
#      the built page must hold an iframe with the attributes of the guide's plain HTML line
#      (after <!-- docusaurus-check: html -->) and the embed.js script of the guide's config line
#      (after <!-- docusaurus-check: config -->, which tests/docusaurus/docusaurus.config.js
#      must contain verbatim);
#   2. the same page with the plain HTML lines instead must fail to build, with React's error
#      about a string `style` (Docusaurus v3 compiles .md as MDX).
# The snippets are read from the guide each time, so the guide and the check cannot drift.
# Installs the site's npm packages first when they are missing or older than the lock file.
set -euo pipefail
cd "$(dirname "$0")/.."
site=tests/docusaurus

if [ "$site/node_modules/.package-lock.json" -nt "$site/package-lock.json" ]; then
  echo "docusaurus-check: npm packages present"
else
  echo "docusaurus-check: installing npm packages (npm ci)"
  (cd "$site" && npm ci --no-audit --no-fund)
fi

# The guide's three snippets, each the fenced block after its marker.
snippet() {
  node -e '
    const md = require("fs").readFileSync("docs/embedding.md", "utf8");
    const at = md.indexOf(`<!-- docusaurus-check: ${process.argv[1]} -->`);
    const m = at < 0 ? null : /^```[a-z]*\n([\s\S]*?)^```$/m.exec(md.slice(at));
    if (!m) { console.error(`docusaurus-check: no "${process.argv[1]}" block in docs/embedding.md`); process.exit(1); }
    process.stdout.write(m[1]);
  ' "$1"
}
page=$(snippet page)
html=$(snippet html)
config=$(snippet config)

if ! grep -qxF -- "$config" "$site/docusaurus.config.js"; then
  echo "docusaurus-check: $site/docusaurus.config.js lacks the guide's line: $config" >&2
  exit 1
fi

write_page() {
  rm -rf "$site/docs" && mkdir -p "$site/docs"
  printf -- '---\nslug: /\n---\n\n# Locks and redelivery\n\n%s\n' "$1" > "$site/docs/index.md"
}

# 1. The guide's MDX line builds, and renders the plain line's iframe.
write_page "$page"
rm -rf "$site/build"
(cd "$site" && npx docusaurus build)
HTML_LINE="$html" node -e '
  const fs = require("fs");
  const built = fs.readFileSync(process.argv[1], "utf8");
  const attrs = (tag) => {
    const out = {};
    for (const m of tag.matchAll(/([a-z-]+)(?:="([^"]*)")?/g)) out[m[1]] = m[2] ?? "";
    return out;
  };
  const unescape = (s) => s.replace(/&amp;/g, "&").replace(/&quot;/g, "\"").replace(/&lt;/g, "<");
  const want = attrs(/<iframe([^>]*)>/.exec(process.env.HTML_LINE)[1]);
  const frames = [...built.matchAll(/<iframe([^>]*)>/g)].map((m) => attrs(m[1]));
  if (frames.length !== 1) { console.error(`docusaurus-check: ${frames.length} iframes in the built page, not 1`); process.exit(1); }
  const got = frames[0];
  const bad = [];
  for (const [k, v] of Object.entries(want)) {
    // React writes a bare data-settle as data-settle="true"; embed.js matches iframe[data-settle].
    const ok = k === "data-settle" ? k in got : unescape(got[k] ?? "\u0000") === v;
    if (!ok) bad.push(`${k}: want ${JSON.stringify(v)}, built ${JSON.stringify(got[k])}`);
  }
  for (const k of Object.keys(got)) if (!(k in want)) bad.push(`${k}: not in the plain line`);
  const script = /<script src="([^"]*)"/.exec(process.env.HTML_LINE)[1];
  if (!new RegExp(`<script src="${script.replace(/[.]/g, "\\.")}" defer`).test(built)) {
    bad.push(`no <script src="${script}" defer> in the built page`);
  }
  if (bad.length) { console.error("docusaurus-check: the built iframe differs from the plain line:\n  " + bad.join("\n  ")); process.exit(1); }
  console.log(`docusaurus-check: the built page has the iframe (${Object.keys(want).join(", ")}) and ${script}`);
' "$site/build/index.html"

# 2. The plain HTML lines in the same .md page do not build.
write_page "$html"
rm -rf "$site/build"
if out=$(cd "$site" && npx docusaurus build 2>&1); then
  echo "docusaurus-check: the plain HTML line built in a .md page; the guide says it does not" >&2
  exit 1
fi
if ! grep -qF 'The `style` prop expects a mapping from style properties to values, not a string.' <<<"$out"; then
  printf '%s\n' "$out" | tail -40 >&2
  echo "docusaurus-check: the plain HTML line failed, but not with the error the guide quotes" >&2
  exit 1
fi
echo "docusaurus-check: the plain HTML line fails in a .md page, with the error the guide quotes"
rm -rf "$site/docs" "$site/build"

#!/usr/bin/env bash
# Checks the documentation site Scripts/build-docs.sh built the way a reader meets it: in
# a real browser. Serves SITE over HTTP on a free local port, opens pages in headless
# Chromium, lets DocC's JavaScript app render them, and checks that the rendered page's
# title heading (and the window title) is the page's title: the module's name, or the
# article's first line. DocC's static pages hold no content of their own until the app has
# loaded its scripts and the page's data, so a blank page — a wrong base path, a missing
# data file, a script that fails — has no such heading and fails the check.
#
# The pages: the site's landing page; each module's landing page and one of its articles;
# every guide and recipe of SlateRecords (the articles listed under "Guides" and "Recipes"
# on its landing page); and links across modules, followed as a reader follows them: the
# link is read from the rendered page it is on (its href, as the app wrote it), then that
# address is opened, and must render the other module's page with its title.
#
#   Scripts/check-docs.sh [SITE]          SITE defaults to .build/docs
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
site=${1:-$root/.build/docs}
base_path=${SLATE_DOCS_BASE_PATH:-}
base_path=${base_path#/}
base_path=${base_path%/}

# Each module with the article opened besides its landing page.
pages=(
    "Slate SharingADatabase"
    "SlateRecords GettingStarted"
    "SlateSchema ReadingSchemas"
    "SlateMigration"
    "SlateGenerator"
    "SlateServiceLifecycle"
    "SlatePostgres"
)

# Links across modules: the page a link is on, and the page it leads to (module/article
# paths as in the site's URLs; the target's expected title is its module name or its
# article's first line).
cross_links=(
    "SlateRecords/MovingFromGRDB Slate/SQLPool"
    "SlateRecords/SlateRecords Slate/Slate"
    "Slate/Slate SlateRecords/SlateRecords"
    "Slate/Slate SlateRecords/MovingFromGRDB"
    "SlateMigration/SlateMigration SlateSchema/SQLSchema"
    "SlateServiceLifecycle/SlateServiceLifecycle Slate/SQLPool"
)

browser=""
for candidate in chromium chromium-browser google-chrome; do
    if command -v "$candidate" >/dev/null 2>&1; then browser=$candidate; break; fi
done
if [ -z "$browser" ]; then
    echo "error: no Chromium found (apt-get install chromium)" >&2
    exit 1
fi
if [ ! -f "$site/index.html" ]; then
    echo "error: $site has no built documentation; run Scripts/build-docs.sh first" >&2
    exit 1
fi
site=$(cd "$site" && pwd)

work=$(mktemp -d)
server=""
cleanup() {
    if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

# The site is built for SLATE_DOCS_BASE_PATH: serve it at that path.
serve_root=$site
if [ -n "$base_path" ]; then
    serve_root="$work/root"
    mkdir -p "$serve_root/$(dirname "$base_path")"
    ln -s "$site" "$serve_root/$base_path"
fi

# Port 0: the system picks a free port, which the server prints.
python3 -u -m http.server 0 --bind 127.0.0.1 --directory "$serve_root" > "$work/server.log" 2>&1 &
server=$!
port=""
for _ in $(seq 1 100); do
    port=$(sed -n 's/^Serving HTTP on [0-9.]* port \([0-9]*\).*/\1/p' "$work/server.log" | head -n 1)
    if [ -n "$port" ]; then break; fi
    if ! kill -0 "$server" 2>/dev/null; then break; fi
    sleep 0.1
done
if [ -z "$port" ]; then
    cat "$work/server.log" >&2
    echo "error: the local web server did not start" >&2
    exit 1
fi
prefix="http://127.0.0.1:$port"
if [ -n "$base_path" ]; then prefix="$prefix/$base_path"; fi

# Prints the text of the rendered page's title heading and its window title, one a line.
rendered_titles() {
    python3 -c '
import sys
from html.parser import HTMLParser

class Titles(HTMLParser):
    def __init__(self):
        super().__init__()
        self.depth = 0          # inside <h1 class="title">, how deep
        self.in_title = False
        self.heading = []
        self.window = []
    def handle_starttag(self, tag, attrs):
        if self.depth:
            self.depth += 1
        elif tag == "h1" and "title" in (dict(attrs).get("class") or "").split():
            self.depth = 1
        if tag == "title":
            self.in_title = True
    def handle_endtag(self, tag):
        if self.depth:
            self.depth -= 1
        if tag == "title":
            self.in_title = False
    def handle_data(self, data):
        if self.depth:
            self.heading.append(data)
        if self.in_title:
            self.window.append(data)

parser = Titles()
parser.feed(sys.stdin.read())
print(" ".join("".join(parser.heading).split()))
print(" ".join("".join(parser.window).split()))
'
}

# A browser that hangs fails the check instead of the whole run (timeout is not on macOS).
timeout=""
if command -v timeout >/dev/null 2>&1; then timeout="timeout 120"; fi

failures=0
check_page() {
    local url=$1 expected=$2 dom titles heading window
    dom="$work/page.html"
    if ! $timeout "$browser" --headless --no-sandbox --disable-gpu --no-first-run \
        --user-data-dir="$work/profile" --virtual-time-budget=10000 \
        --dump-dom "$url" > "$dom" 2> "$work/browser.log"; then
        cat "$work/browser.log" >&2
        echo "error: $browser failed on $url" >&2
        failures=$((failures + 1))
        return
    fi
    titles=$(rendered_titles < "$dom")
    heading=$(sed -n 1p <<< "$titles")
    window=$(sed -n 2p <<< "$titles")
    if [ "$heading" != "$expected" ]; then
        echo "error: $url rendered no page titled '$expected' (title heading: '${heading:-none, a blank page}'; $(wc -c < "$dom") bytes of DOM)" >&2
        failures=$((failures + 1))
    elif [[ "$window" != "$expected"* ]]; then
        echo "error: $url has the window title '$window', not '$expected …'" >&2
        failures=$((failures + 1))
    else
        echo "ok: $url renders '$expected'"
    fi
}

# The URL of a page: "Module/Module" is the module's landing page, "Module/Page" an article
# or a symbol of it.
page_url() {
    local module=${1%%/*} page=${1#*/} lower_module lower_page
    lower_module=$(tr '[:upper:]' '[:lower:]' <<< "$module")
    lower_page=$(tr '[:upper:]' '[:lower:]' <<< "$page")
    if [ "$page" = "$module" ]; then
        echo "$prefix/documentation/$lower_module/"
    else
        echo "$prefix/documentation/$lower_module/$lower_page"
    fi
}

# The title a page renders: the module's name, an article's first line, or a symbol's name.
page_title() {
    local module=${1%%/*} page=${1#*/} file title
    if [ "$page" = "$module" ]; then echo "$module"; return; fi
    file="$root/Sources/$module/$module.docc/$page.md"
    if [ -f "$file" ]; then
        title=$(sed -n '1s/^# //p' "$file")
        if [ -z "$title" ]; then
            echo "error: $file does not start with a '# Title' line" >&2
            exit 1
        fi
        echo "$title"
    else
        echo "$page"
    fi
}

# The site's front door, which leads to its landing page, and the landing page, which lists
# the modules.
check_page "$prefix/" "Slate"
check_page "$prefix/documentation/" "Slate"

for entry in "${pages[@]}"; do
    read -r module article <<< "$entry"
    check_page "$(page_url "$module/$module")" "$module"
    if [ -n "$article" ]; then
        check_page "$(page_url "$module/$article")" "$(page_title "$module/$article")"
    fi
done

# Every guide and recipe: the articles listed under "### Guides" and "### Recipes" on
# SlateRecords' landing page.
guides=$(awk '/^### /{inside = ($0 == "### Guides" || $0 == "### Recipes")} inside && /^- <doc:/' \
    "$root/Sources/SlateRecords/SlateRecords.docc/SlateRecords.md" | sed 's/^- <doc:\(.*\)>$/\1/')
if [ -z "$guides" ]; then
    echo "error: SlateRecords.md lists no guides or recipes (### Guides, ### Recipes)" >&2
    exit 1
fi
guide_count=0
for guide in $guides; do
    check_page "$(page_url "SlateRecords/$guide")" "$(page_title "SlateRecords/$guide")"
    guide_count=$((guide_count + 1))
done

# The address of the link on the page in DOM that leads to TARGET_URL, as the browser
# resolves it against PAGE_URL; nothing when the page has no such link.
link_to() {
    python3 -c '
import sys
from html.parser import HTMLParser
from urllib.parse import urljoin, urldefrag

page_url, target = sys.argv[1], sys.argv[2]
def normal(url):
    return urldefrag(url)[0].rstrip("/").lower()

class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.found = None
    def handle_starttag(self, tag, attrs):
        href = dict(attrs).get("href")
        if tag == "a" and href and self.found is None:
            url = urljoin(page_url, href)
            if normal(url) == normal(target):
                self.found = url

parser = Links()
parser.feed(sys.stdin.read())
if parser.found:
    print(parser.found)
' "$1" "$2"
}

link_count=0
for entry in "${cross_links[@]}"; do
    read -r from to <<< "$entry"
    from_url=$(page_url "$from")
    before=$failures
    check_page "$from_url" "$(page_title "$from")"
    if [ "$failures" -ne "$before" ]; then continue; fi
    followed=$(link_to "$from_url" "$(page_url "$to")" < "$work/page.html")
    if [ -z "$followed" ]; then
        echo "error: $from_url has no link to $(page_url "$to") (a link across modules that did not resolve renders as plain text)" >&2
        failures=$((failures + 1))
        continue
    fi
    echo "ok: $from_url links to $followed"
    check_page "$followed" "$(page_title "$to")"
    link_count=$((link_count + 1))
done

if [ "$failures" -ne 0 ]; then
    echo "error: $failures documentation page(s) did not render in $browser" >&2
    exit 1
fi
echo "documentation site: the landing page, ${#pages[@]} modules, $guide_count guides and recipes, and $link_count links across modules render in $browser"

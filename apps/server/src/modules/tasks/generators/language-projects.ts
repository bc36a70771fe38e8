/**
 * The embedded engine's starter projects in the language a request names: a small command-line
 * tool about the request's subject that keeps a list of items in a file, with a README that says
 * what it is — a starter from a template, not a program that does what was asked. Each entry point
 * compiles or runs as is (`python3 -m py_compile main.py`, `node --check index.js`, `go build`,
 * `cargo build`, `bash -n main.sh`). Deterministic; no network.
 */
import { embeddedCodeSummary } from '@app/domain/tasks';
import { type CodeLanguage, extractTaskSlots } from '../../../providers/ai/persona/slots';

/** A generated project. */
export interface LanguageProject {
  title: string;
  files: Record<string, string>;
  /** The runtime: python | node | typescript | go | rust | shell. */
  framework: string;
  /** What was built, in words, with the embedded engine's disclaimer (README, task result, chat). */
  summary: string;
}

const LANGUAGE_NAMES: Record<CodeLanguage, string> = {
  python: 'Python',
  javascript: 'JavaScript',
  typescript: 'TypeScript',
  go: 'Go',
  rust: 'Rust',
  shell: 'shell',
};

const titleCase = (s: string) => s.replace(/\b\w/g, (c) => c.toUpperCase());
/** A string literal valid in Python, JavaScript, TypeScript, Go and Rust (JSON string syntax). */
const lit = (s: string) => JSON.stringify(s);
const shellLit = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
/** Text safe inside a one-line source comment. */
const comment = (s: string) => s.replace(/[\r\n*/]+/g, ' ').slice(0, 120);

/** Builds the project for `prompt` in `language`. */
export function languageProject(prompt: string, avatarName: string, language: CodeLanguage): LanguageProject {
  const slots = extractTaskSlots(prompt);
  const subject =
    (slots.subject ?? 'my project')
      .replace(
        /\s*\b(?:in|using|with|written in)\s+(?:python|javascript|typescript|go|golang|rust|shell|bash|node)\b.*$/i,
        '',
      )
      .replace(/\b(?:python|javascript|typescript|golang|rust|bash|shell|node)\b/gi, '')
      .replace(/\s+/g, ' ')
      .trim() || 'my project';
  const title = titleCase(slots.name ?? subject);
  const slug =
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'avatar-project';
  const about = comment(subject);
  const summary = embeddedCodeSummary(`a starter command-line tool about "${subject}" (${LANGUAGE_NAMES[language]})`);
  const readme = (run: string, file: string, store: string) =>
    `# ${title}\n\n**What this is:** ${summary}.\n\nIt is a small list-keeping tool (items in \`${store}\`) made by the embedded engine for the AI avatar ${avatarName}, from the request:\n\n> ${prompt.trim().replace(/\n/g, ' ')}\n\n## Run\n\n\`\`\`sh\n${run} add "first item"\n${run} list\n\`\`\`\n\nEntry point: \`${file}\`.\n`;

  switch (language) {
    case 'python': {
      const store = `${slug}.json`;
      return {
        title,
        summary,
        framework: 'python',
        files: {
          'main.py': `# ${title}: a small CLI for ${about}. Usage: python3 main.py add ITEM | list
import json
import sys
from pathlib import Path

STORE = Path(__file__).with_name(${lit(store)})
TITLE = ${lit(title)}


def load() -> list:
    return json.loads(STORE.read_text()) if STORE.exists() else []


def main(argv: list) -> int:
    items = load()
    if len(argv) >= 2 and argv[0] == "add":
        items.append(" ".join(argv[1:]))
        STORE.write_text(json.dumps(items, indent=2))
        print("added: " + items[-1])
        return 0
    print(TITLE + " - " + str(len(items)) + " item(s)")
    for i, item in enumerate(items, 1):
        print(str(i) + ". " + item)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
`,
          'README.md': readme('python3 main.py', 'main.py', store),
        },
      };
    }
    case 'javascript':
    case 'typescript': {
      const ts = language === 'typescript';
      const store = `${slug}.json`;
      const file = ts ? 'index.ts' : 'index.js';
      const run = ts ? 'npx tsx index.ts' : 'node index.js';
      const body = `// ${title}: a small CLI for ${about}. Usage: ${run} add ITEM | list
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

// the store sits in the working directory (run it from the project folder)
const STORE = ${lit(store)};
const TITLE = ${lit(title)};
const items${ts ? ': string[]' : ''} = existsSync(STORE) ? JSON.parse(readFileSync(STORE, 'utf8')) : [];
const [command, ...rest] = process.argv.slice(2);
if (command === 'add' && rest.length > 0) {
  items.push(rest.join(' '));
  writeFileSync(STORE, JSON.stringify(items, null, 2));
  console.log('added: ' + items[items.length - 1]);
} else {
  console.log(TITLE + ' - ' + items.length + ' item(s)');
  items.forEach((item${ts ? ': string' : ''}, i${ts ? ': number' : ''}) => console.log(i + 1 + '. ' + item));
}
`;
      return {
        title,
        summary,
        framework: ts ? 'typescript' : 'node',
        files: {
          [file]: body,
          'package.json': `${JSON.stringify({ name: slug, version: '1.0.0', private: true, type: 'module', scripts: { start: run } }, null, 2)}\n`,
          'README.md': readme(run, file, store),
        },
      };
    }
    case 'go': {
      const store = `${slug}.json`;
      return {
        title,
        summary,
        framework: 'go',
        files: {
          'go.mod': `module ${slug.replace(/-/g, '')}\n\ngo 1.21\n`,
          'main.go': `// ${title}: a small CLI for ${about}. Usage: go run . add ITEM | list
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

const store = ${lit(store)}
const title = ${lit(title)}

func main() {
	var items []string
	if data, err := os.ReadFile(store); err == nil {
		_ = json.Unmarshal(data, &items)
	}
	args := os.Args[1:]
	if len(args) >= 2 && args[0] == "add" {
		items = append(items, strings.Join(args[1:], " "))
		data, _ := json.MarshalIndent(items, "", "  ")
		_ = os.WriteFile(store, data, 0o644)
		fmt.Println("added:", items[len(items)-1])
		return
	}
	fmt.Printf("%s - %d item(s)\\n", title, len(items))
	for i, item := range items {
		fmt.Printf("%d. %s\\n", i+1, item)
	}
}
`,
          'README.md': readme('go run .', 'main.go', store),
        },
      };
    }
    case 'rust': {
      const store = `${slug}.txt`;
      return {
        title,
        summary,
        framework: 'rust',
        files: {
          'Cargo.toml': `[package]\nname = ${lit(slug)}\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\n`,
          'src/main.rs': `//! ${title}: a small CLI for ${about}. Usage: cargo run -- add ITEM | list
use std::{env, fs};

const STORE: &str = ${lit(store)};
const TITLE: &str = ${lit(title)};

fn main() {
    let mut items: Vec<String> = fs::read_to_string(STORE)
        .map(|s| s.lines().map(String::from).collect())
        .unwrap_or_default();
    let args: Vec<String> = env::args().skip(1).collect();
    if args.len() >= 2 && args[0] == "add" {
        items.push(args[1..].join(" "));
        fs::write(STORE, items.join("\\n")).expect("cannot write the store");
        println!("added: {}", items[items.len() - 1]);
        return;
    }
    println!("{} - {} item(s)", TITLE, items.len());
    for (i, item) in items.iter().enumerate() {
        println!("{}. {}", i + 1, item);
    }
}
`,
          'README.md': readme('cargo run --', 'src/main.rs', store),
        },
      };
    }
    case 'shell': {
      const store = `${slug}.txt`;
      return {
        title,
        summary,
        framework: 'shell',
        files: {
          'main.sh': `#!/usr/bin/env bash
# ${title}: a small CLI for ${about}. Usage: ./main.sh add ITEM | list
set -euo pipefail
STORE="$(dirname "$0")/${store}"
TITLE=${shellLit(title)}
touch "$STORE"
if [ "\${1:-}" = "add" ] && [ $# -ge 2 ]; then
  shift
  printf '%s\\n' "$*" >> "$STORE"
  echo "added: $*"
  exit 0
fi
echo "$TITLE - $(wc -l < "$STORE" | tr -d ' ') item(s)"
nl -w1 -s'. ' "$STORE"
`,
          'README.md': readme('bash main.sh', 'main.sh', store),
        },
      };
    }
  }
}

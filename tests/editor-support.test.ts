import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type CompletionItem,
  type CompletionList,
  type Hover,
  type MarkupContent,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';
import { catalogScaleData } from '../scripts/bench/catalog-scale-data.ts';
import { runValidate } from '../src/core/cli/validate-command.ts';
import { editorValuesFile } from '../src/core/data/editor-values.ts';
import { fixtureProject, REPO_ROOT } from './helpers/fixture-project.ts';
import { runInProcess } from './helpers/run-cli.ts';

/**
 * What a merchandiser's VS Code does with this repository, driven the way VS Code drives it:
 * the YAML extension's engine (yaml-language-server) over its protocol with the workspace's
 * settings, and the folder-open task's command with its problem matcher, both read from
 * .vscode/. The data is a copy of the small fixture laid out as the repository is (schemas/
 * beside tenants/ and catalogs/, so each file's `$schema` line finds its schema).
 */

const vscode = (file: string) => JSON.parse(readFileSync(path.join(REPO_ROOT, '.vscode', file), 'utf8')) as Record<string, unknown>;

function workspaceCopy(): string {
  const root = fixtureProject();
  cpSync(path.join(REPO_ROOT, 'schemas'), path.join(root, 'schemas'), { recursive: true });
  cpSync(path.join(REPO_ROOT, '.vscode'), path.join(root, '.vscode'), { recursive: true });
  return root;
}

/** The position just after `needle` on the line that holds it. */
function positionAfter(text: string, needle: string): { line: number; character: number } {
  const lines = text.split('\n');
  const line = lines.findIndex((l) => l.includes(needle));
  if (line < 0) throw new Error(`"${needle}" is not in the text`);
  return { line, character: lines[line]!.indexOf(needle) + needle.length };
}

/** yaml-language-server started over its protocol as VS Code starts it, with the workspace's settings, on the data folder `root`. */
async function startYamlServer(root: string) {
  const diagnostics = new Map<string, PublishDiagnosticsParams>();
  const diagnosticWaiters: (() => void)[] = [];
  const server: ChildProcess = spawn(process.execPath, [path.join(REPO_ROOT, 'node_modules/yaml-language-server/bin/yaml-language-server'), '--stdio'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const connection: ProtocolConnection = createProtocolConnection(new StreamMessageReader(server.stdout!), new StreamMessageWriter(server.stdin!));
  // The workspace's settings, as VS Code hands them out: "yaml.schemas" is section yaml, key schemas.
  const yamlSettings: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(vscode('settings.json'))) if (key.startsWith('yaml.')) yamlSettings[key.slice('yaml.'.length)] = value;
  connection.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) =>
    params.items.map((item) => (item.section === 'yaml' ? yamlSettings : item.section === 'editor' ? { tabSize: 2 } : {})),
  );
  connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
    diagnostics.set(params.uri, params);
    for (const wake of diagnosticWaiters.splice(0)) wake();
  });
  connection.onRequest('client/registerCapability', () => null);
  connection.onRequest('window/workDoneProgress/create', () => null);
  connection.listen();

  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: pathToFileURL(root).href,
    workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'storefronts' }],
    capabilities: {
      workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: true } },
      textDocument: {
        completion: { completionItem: { snippetSupport: true, documentationFormat: ['markdown', 'plaintext'] } },
        hover: { contentFormat: ['markdown', 'plaintext'] },
        publishDiagnostics: {},
      },
    },
  });
  await connection.sendNotification('initialized', {});
  await connection.sendNotification('workspace/didChangeConfiguration', { settings: { yaml: yamlSettings } });

  let version = 0;
  return {
    connection,
    nextVersion: () => ++version,
    /** Opens a data file of `root` as VS Code does, with `edit` applied to its text (unsaved). */
    async open(relative: string, edit: (text: string) => string = (text) => text): Promise<{ uri: string; text: string }> {
      const uri = pathToFileURL(path.join(root, relative)).href;
      const text = edit(readFileSync(path.join(root, relative), 'utf8'));
      await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: ++version, text } });
      return { uri, text };
    },
    async complete(uri: string, position: { line: number; character: number }): Promise<string[]> {
      const result = await connection.sendRequest<CompletionList | CompletionItem[] | null>('textDocument/completion', { textDocument: { uri }, position });
      const items = Array.isArray(result) ? result : (result?.items ?? []);
      return items.map((item) => (typeof item.insertText === 'string' ? item.insertText : item.label).trim());
    },
    async diagnosticsOf(uri: string, until: (messages: string[]) => boolean, waitMs = 30_000): Promise<string[]> {
      const deadline = Date.now() + waitMs;
      for (;;) {
        const messages = (diagnostics.get(uri)?.diagnostics ?? []).map((d) => (typeof d.message === 'string' ? d.message : d.message.value));
        // Until the server has checked the file once, there is nothing to judge.
        if ((diagnostics.has(uri) && until(messages)) || Date.now() > deadline) return messages;
        await new Promise<void>((resolve) => {
          diagnosticWaiters.push(resolve);
          setTimeout(resolve, 1000);
        });
      }
    },
    async close(): Promise<void> {
      await connection.sendRequest('shutdown').catch(() => undefined);
      await connection.sendNotification('exit').catch(() => undefined);
      connection.dispose();
      server.kill();
    },
  };
}

type YamlServer = Awaited<ReturnType<typeof startYamlServer>>;

describe('VS Code with the YAML extension (yaml-language-server over its protocol)', () => {
  let root: string;
  let yaml: YamlServer;
  let connection: ProtocolConnection;
  const open: YamlServer['open'] = (...args) => yaml.open(...args);
  const complete: YamlServer['complete'] = (...args) => yaml.complete(...args);
  const diagnosticsOf: YamlServer['diagnosticsOf'] = (...args) => yaml.diagnosticsOf(...args);

  beforeAll(async () => {
    root = workspaceCopy();
    yaml = await startYamlServer(root);
    connection = yaml.connection;
  }, 120_000);

  afterAll(async () => {
    await yaml?.close();
  });

  it('before the first validate shows one problem naming the missing values file, and after it has written them, none in files that validate', async () => {
    const files = ['tenants/_site.yaml', 'tenants/guardian.yaml', 'tenants/solo.yaml', 'catalogs/default.yaml'];
    const uris = await Promise.all(files.map(async (file) => (await open(file)).uri));
    for (const [index, uri] of uris.entries()) {
      const before = await diagnosticsOf(uri, (m) => m.length > 0);
      const schema = files[index] === 'tenants/_site.yaml' ? 'site' : files[index]!.startsWith('tenants/') ? 'tenant' : 'catalog';
      expect(before).toHaveLength(1);
      expect(before[0]).toMatch(new RegExp(`^Problems loading reference '.*/\\.cache/editor-schemas/${schema}\\.values\\.schema\\.json'`));
    }

    // What the folder-open task does first: a validate, which writes the data's values for editors;
    // VS Code tells the YAML extension about the new files.
    expect((await runInProcess(runValidate, ['--root', root])).status).toBe(0);
    await connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: (['tenant', 'catalog', 'site'] as const).map((name) => ({ uri: pathToFileURL(path.join(root, editorValuesFile(name))).href, type: 1 })),
    });
    // The fixture passes npm run validate: the editor, values included, agrees.
    for (const uri of uris) expect(await diagnosticsOf(uri, (m) => m.length === 0)).toEqual([]);
    for (const uri of uris) await connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  });

  it("offers the product's colours at default_color and flags a colour it does not have, in the project's words", async () => {
    const { uri, text } = await open('catalogs/default.yaml', (t) => t.replace('default_color: Navy', 'default_color: '));
    expect(await complete(uri, positionAfter(text, 'default_color: '))).toEqual(expect.arrayContaining(['Navy', 'Black', 'Royal Blue']));

    // Typed, not saved: the editor says what is wrong at once.
    await connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: yaml.nextVersion() },
      contentChanges: [{ text: text.replace('default_color: \n', 'default_color: Forrest Green\n') }],
    });
    // Until the check of the changed text arrives, the empty value's problems are shown.
    const messages = await diagnosticsOf(
      uri,
      (m) => m.some((message) => message.includes("this product's colours:")) && !m.includes("must be one of this product's colors"),
    );
    expect(messages).toEqual(["must be one of this product's colours: Black, Navy, Royal Blue (as of the last npm run validate)"]);
  });

  it('offers the catalog names at catalog and the logo names under embroideries', async () => {
    // A line typed anew (yaml-language-server offers nothing before a trailing comment).
    const { uri, text } = await open('tenants/guardian.yaml', (t) =>
      t.replace(/^catalog: default.*$/m, 'catalog: ').replace(/^ {2}hat: \[Guardian Shield\]$/m, '  hat: [Guardian Shield, ]'),
    );
    expect(await complete(uri, positionAfter(text, 'catalog: '))).toEqual(['default']);
    expect(await complete(uri, positionAfter(text, 'hat: [Guardian Shield, '))).toEqual(expect.arrayContaining(['Guardian Script']));
    const messages = await diagnosticsOf(uri, (m) => m.length > 0);
    expect(messages).toEqual(expect.arrayContaining(['must be a catalog id: the name of a file in catalogs/, without .yaml']));
  });

  it('shows, on hovering discount, the rule the cart applies', async () => {
    const { uri, text } = await open('catalogs/default.yaml', (t) => `${t}`);
    const at = positionAfter(text, '    discount');
    const hover = await connection.sendRequest<Hover | null>('textDocument/hover', {
      textDocument: { uri },
      position: { line: at.line, character: at.character - 2 },
    });
    const shown = typeof hover?.contents === 'object' && 'value' in hover.contents ? (hover.contents as MarkupContent).value : JSON.stringify(hover?.contents);
    // src/domain/pricing.ts: the volume price is the base size's; the other sizes keep their upcharge.
    expect(shown).toContain('the **base size** costs `price`');
    expect(shown).toContain('every other size still costs its **difference over the base size** on top');
    expect(shown).toContain('all its sizes and colours counted together');
  });
});

/** K540's default colour set to Royal Blue: one of its colours in catalogs/default.yaml, not in catalogs/unpriced.yaml. */
const k540RoyalBlue = (text: string) => text.replace(/(- code: K540\n(?:(?! {2}- code:).*\n)*? +default_color: )\w+/, '$1Royal Blue');

/** The position just after `default_color: ` of K540. */
function k540DefaultColour(text: string): { line: number; character: number } {
  const lines = text.split('\n');
  const from = lines.findIndex((l) => l.includes('- code: K540'));
  const line = lines.findIndex((l, index) => index > from && l.includes('default_color: '));
  return { line, character: lines[line]!.indexOf('default_color: ') + 'default_color: '.length };
}

describe("VS Code on 621-product catalogs (npm run bench's data): each catalog's own colours", () => {
  let root: string;
  let yaml: YamlServer;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'editor-support-scale-'));
    catalogScaleData(REPO_ROOT, root, 621);
    cpSync(path.join(REPO_ROOT, 'schemas'), path.join(root, 'schemas'), { recursive: true });
    cpSync(path.join(REPO_ROOT, '.vscode'), path.join(root, '.vscode'), { recursive: true });
    expect((await runInProcess(runValidate, ['--root', root])).status).toBe(0);
    yaml = await startYamlServer(root);
  }, 180_000);

  afterAll(async () => {
    await yaml?.close();
  });

  it("takes K540's Royal Blue in the catalog whose K540 has it, squiggles it in the one whose K540 does not, and offers each its own colours", async () => {
    const unpriced = await yaml.open('catalogs/unpriced.yaml', k540RoyalBlue);
    const priced = await yaml.open('catalogs/default.yaml', k540RoyalBlue);
    expect(priced.text.split('\n').filter((l) => l.includes('- code:'))).toHaveLength(621);

    expect(await yaml.diagnosticsOf(unpriced.uri, (m) => m.length > 0, 150_000)).toEqual([
      "must be one of this product's colours: Black, Graphite, Navy, White (as of the last npm run validate)",
    ]);
    expect(await yaml.diagnosticsOf(priced.uri, () => true, 150_000)).toEqual([]);

    expect(await yaml.complete(priced.uri, k540DefaultColour(priced.text))).toEqual(['Black', 'Graphite', 'Navy', 'Royal Blue', 'White']);
    expect(await yaml.complete(unpriced.uri, k540DefaultColour(unpriced.text))).toEqual(['Black', 'Graphite', 'Navy', 'White']);
  }, 400_000);
});

describe('the folder-open task (.vscode/tasks.json)', () => {
  it("runs the watch command, whose problem lines VS Code's matcher reads at the wrong value's line and column, and checks again on save", async () => {
    const task = (vscode('tasks.json').tasks as Record<string, unknown>[])[0]!;
    const matcher = task.problemMatcher as {
      fileLocation: string[];
      pattern: Record<string, string | number>;
      background: { beginsPattern: string; endsPattern: string };
    };
    expect(task.runOptions).toEqual({ runOn: 'folderOpen' });
    expect(task.isBackground).toBe(true);
    expect(matcher.fileLocation).toEqual(['relative', '${workspaceFolder}']);

    const root = workspaceCopy();
    const catalog = path.join(root, 'catalogs/default.yaml');
    const good = readFileSync(catalog, 'utf8');
    writeFileSync(catalog, good.replace('default_color: Navy', 'default_color: Forrest Green'));

    // A shell task: VS Code runs the command in a shell in the workspace folder; here the data is in `root`.
    const child = spawn(`${String(task.command)} --root '${root}' 2>&1`, { shell: true, cwd: REPO_ROOT, detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const runs = () => {
      // A run is what lies between the matcher's begin and end lines.
      const found: string[][] = [];
      let current: string[] | undefined;
      for (const line of output.split('\n')) {
        if (new RegExp(matcher.background.beginsPattern).test(line)) current = [];
        else if (current && new RegExp(matcher.background.endsPattern).test(line)) found.push(current), (current = undefined);
        else current?.push(line);
      }
      return found;
    };
    const runCount = async (count: number) => {
      const deadline = Date.now() + 90_000;
      while (runs().length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
      expect(runs().length, output).toBeGreaterThanOrEqual(count);
    };

    try {
      await runCount(1);
      const pattern = new RegExp(String(matcher.pattern.regexp));
      const problems = runs()[0]!
        .map((line) => pattern.exec(line))
        .filter((m): m is RegExpExecArray => m !== null);
      const errors = problems.filter((m) => m[Number(matcher.pattern.severity)] === undefined);
      expect(errors).toHaveLength(1);
      const [match] = errors;
      const text = readFileSync(catalog, 'utf8').split('\n');
      const line = text.findIndex((l) => l.includes('default_color: Forrest Green'));
      expect(match![Number(matcher.pattern.file)]).toBe('catalogs/default.yaml');
      expect(Number(match![Number(matcher.pattern.line)])).toBe(line + 1);
      expect(Number(match![Number(matcher.pattern.column)])).toBe(text[line]!.indexOf('Forrest Green') + 1);
      expect(match![Number(matcher.pattern.code)]).toBe('products[0].default_color');
      expect(match![Number(matcher.pattern.message)]).toBe(`"Forrest Green" is not one of this product's colors (Navy, Black, Royal Blue)`);
      // Warnings are matched too, as warnings.
      expect(problems.some((m) => m[Number(matcher.pattern.severity)] === 'warning')).toBe(true);

      // Saving the fix checks again: the next run has no error.
      writeFileSync(catalog, good);
      await runCount(2);
      expect(
        runs()[1]!
          .map((line) => pattern.exec(line))
          .filter((m) => m && m[Number(matcher.pattern.severity)] === undefined),
      ).toEqual([]);
    } finally {
      // Ctrl-C: the terminal interrupts the task's whole process group.
      process.kill(-child.pid!, 'SIGINT');
    }
    const stopped = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('still running'), 20_000))]);
    expect(stopped).not.toBe('still running');
  }, 180_000);
});

/** Where the editor reads the project's files and proposes its changes: the local proxy of `npm run editor`, or GitHub. */
export interface EditorBackend {
  /** The text of a repository file (repository-relative path, e.g. 'catalogs/default.yaml'), or undefined when absent. */
  readText(path: string): Promise<string | undefined>;
  /** The repository paths of the files under a folder, recursively, e.g. listFiles('catalogs/images'). */
  listFiles(folder: string): Promise<string[]>;
  /** Saves a set of file changes as one proposal: one commit with a readable message. */
  propose(change: ProposedChange): Promise<Proposal>;
}

export interface ProposedChange {
  /** The commit message: a subject line, then optionally a blank line and a body. */
  message: string;
  /** Each file written whole: YAML as text, photos as bytes. */
  files: readonly { path: string; text?: string; bytes?: Uint8Array }[];
}

export interface Proposal {
  /** The branch the change was committed to (the local proxy: the working tree's branch). */
  branch: string;
  /** The new commit's id, when the backend made one. */
  commit?: string;
  /** Present when the backend opened a pull request; previewUrl is the PR preview CI publishes (/_previews/pr-N/). */
  pullRequest?: { number: number; url: string; previewUrl: string };
}

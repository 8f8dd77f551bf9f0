/** GitHub's REST API as the editor calls it: JSON in and out, the merchandiser's token, and errors in plain words. */
export class GitHubApi {
  private readonly base: string;
  private readonly token: string;
  private readonly repository: string;

  constructor(options: { owner: string; repo: string; token: string; apiBase?: string }) {
    this.base = (options.apiBase ?? 'https://api.github.com').replace(/\/+$/, '');
    this.token = options.token;
    this.repository = `${options.owner}/${options.repo}`;
  }

  get<T>(path: string): Promise<T> {
    return this.send<T>('GET', path);
  }

  post<T = unknown>(path: string, body: unknown): Promise<T> {
    return this.send<T>('POST', path, body);
  }

  patch<T = unknown>(path: string, body: unknown): Promise<T> {
    return this.send<T>('PATCH', path, body);
  }

  /** A file's bytes as text (the raw media type: no base64, no 1 MB limit), or undefined when GitHub has no such file. */
  async getRaw(path: string): Promise<string | undefined> {
    const response = await this.request('GET', path, undefined, 'application/vnd.github.raw+json');
    if (response.status === 404) return undefined;
    if (!response.ok) throw await this.failure('GET', path, response);
    return response.text();
  }

  private async send<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await this.request(method, path, body, 'application/vnd.github+json');
    if (!response.ok) throw await this.failure(method, path, response);
    return (await response.json()) as T;
  }

  private async request(method: string, path: string, body: unknown, accept: string): Promise<Response> {
    try {
      return await fetch(`${this.base}${path}`, {
        method,
        headers: {
          accept,
          authorization: `Bearer ${this.token}`,
          'x-github-api-version': '2022-11-28',
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new Error('GitHub cannot be reached: check the internet connection and try again');
    }
  }

  private async failure(method: string, path: string, response: Response): Promise<Error> {
    const said = await response
      .json()
      .then((answer: { message?: unknown }) => (typeof answer.message === 'string' ? answer.message : ''))
      .catch(() => '');
    const because = said ? ` (GitHub said: ${said})` : '';
    if (response.status === 401) return new Error(`GitHub no longer accepts your sign-in: sign in with GitHub again${because}`);
    if (response.status === 403 || (response.status === 404 && method !== 'GET'))
      return new Error(`Your GitHub account may not change ${this.repository}: ask its owner for write access${because}`);
    if (response.status === 404) return new Error(`GitHub has no ${this.repository}, or your account may not see it${because}`);
    return new Error(`GitHub refused ${method} ${path.split('?')[0]} with ${response.status}${because}`);
  }
}

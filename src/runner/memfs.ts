/**
 * The examples' `node:fs/promises` in the in-page runner: an in-memory folder (the example's
 * working directory is `/sandbox`), kept between Runs until Reset, so one example can read what
 * another wrote (chapter 12's commission-lot and trace-lot). Only what the examples call.
 */
export class MemFs {
  readonly files = new Map<string, Uint8Array>();

  readonly cwd = '/sandbox';

  resolve(file: string | URL): string {
    const name = typeof file === 'string' ? file : file.pathname;
    const parts = (name.startsWith('/') ? name : `${this.cwd}/${name}`).split('/');
    const out: string[] = [];
    for (const part of parts) {
      if (part === '' || part === '.') continue;
      if (part === '..') out.pop();
      else out.push(part);
    }
    return `/${out.join('/')}`;
  }

  private missing(syscall: string, file: string): Error {
    return Object.assign(new Error(`ENOENT: no such file or directory, ${syscall} '${file}'`), { code: 'ENOENT', syscall, path: file });
  }

  /** The module the example imports as `node:fs/promises`. */
  module(): Record<string, unknown> {
    const readFile = async (file: string | URL, options?: string | { encoding?: string }): Promise<string | Uint8Array> => {
      const data = this.files.get(this.resolve(file));
      if (data === undefined) throw this.missing('open', String(file));
      const encoding = typeof options === 'string' ? options : options?.encoding;
      return encoding === undefined ? data.slice() : new TextDecoder().decode(data);
    };
    const writeFile = async (file: string | URL, data: string | Uint8Array | number[], options?: string | { flag?: string }): Promise<void> => {
      const key = this.resolve(file);
      // 'wx': create only, failing when the file exists (chapter 20 claims a payment this way).
      if (typeof options === 'object' && options.flag === 'wx' && this.files.has(key))
        throw Object.assign(new Error(`EEXIST: file already exists, open '${String(file)}'`), { code: 'EEXIST', syscall: 'open', path: String(file) });
      this.files.set(key, typeof data === 'string' ? new TextEncoder().encode(data) : Uint8Array.from(data));
    };
    const appendFile = async (file: string | URL, data: string | Uint8Array): Promise<void> => {
      const before = this.files.get(this.resolve(file)) ?? new Uint8Array();
      const added = typeof data === 'string' ? new TextEncoder().encode(data) : data;
      const joined = new Uint8Array(before.length + added.length);
      joined.set(before);
      joined.set(added, before.length);
      this.files.set(this.resolve(file), joined);
    };
    const access = async (file: string | URL): Promise<void> => {
      const key = this.resolve(file);
      if (!this.files.has(key) && ![...this.files.keys()].some((k) => k.startsWith(`${key}/`))) throw this.missing('access', String(file));
    };
    const readdir = async (dir: string | URL): Promise<string[]> => {
      const prefix = `${this.resolve(dir)}/`.replace(/^\/\/$/, '/');
      return [...new Set([...this.files.keys()].filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length).split('/')[0] ?? ''))].sort();
    };
    const rm = async (file: string | URL): Promise<void> => {
      this.files.delete(this.resolve(file));
    };
    const mkdir = async (): Promise<undefined> => undefined;
    const api = { readFile, writeFile, appendFile, access, readdir, rm, unlink: rm, mkdir };
    return { ...api, default: api };
  }
}

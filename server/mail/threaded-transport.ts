import { Worker } from 'node:worker_threads';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compiledModule, withoutTsx } from '../../src/core/compiled-module.ts';
import { REPO_ROOT } from '../../src/core/project-root.ts';
import type { Logger } from '../logger.ts';
import { removeOldEmlFiles } from './eml-retention.ts';
import type { MailMessage } from './mail-message.ts';
import type { MailThreadSettings, SendReply, SendRequest, ThreadLogEntry } from './mail-thread-sender.ts';
import { emlDescription, smtpDescription, type MailTransport } from './mail-transport.ts';

const SENDER_MODULE = fileURLToPath(new URL('./mail-thread-sender.ts', import.meta.url));

/**
 * The API's mail transport: the SMTP server or the `.eml` folder, driven from a thread of its
 * own, which also draws the mock-ups, so composing e-mails never holds up the requests on the
 * event loop. The thread starts at once, so the first order's e-mail does not wait for it. A
 * thread that dies fails the sends in flight (the outbox retries them, as any failed send) and
 * the next send starts a new one.
 */
export function threadedTransport(settings: MailThreadSettings, log: Logger): MailTransport {
  let thread: MailThread | undefined = new MailThread(settings, log);
  let closed = false;
  return {
    description: settings.smtpUrl ? smtpDescription(settings.smtpUrl) : emlDescription(settings.folder),
    async send(message, id) {
      if (closed) throw new Error('the mail transport is closed');
      if (!thread || thread.dead) thread = new MailThread(settings, log);
      return thread.send(message, id);
    },
    removeSentBefore: settings.smtpUrl ? undefined : (before) => removeOldEmlFiles(settings.folder, before),
    close() {
      closed = true;
      thread?.terminate();
    },
  };
}

class MailThread {
  dead = false;
  private readonly worker: Promise<Worker>;
  private readonly waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  private seq = 0;

  constructor(settings: MailThreadSettings, log: Logger) {
    const cacheDir = path.join(REPO_ROOT, '.cache', 'compiled', 'mail-thread');
    this.worker = Promise.resolve(compiledModule(SENDER_MODULE, { projectRoot: REPO_ROOT, cacheDir })).then((bundle) => {
      const worker = new Worker(new URL('./mail-thread.mjs', import.meta.url), {
        workerData: { bundle, settings },
        // A compiled module needs no TypeScript loader: the thread would still start tsx's, inherited.
        execArgv: bundle === undefined ? undefined : withoutTsx(process.execArgv),
      });
      // The API's shutdown closes the transport; a thread waiting for nothing must not keep the process up.
      worker.unref();
      worker.on('message', (reply: SendReply | ThreadLogEntry | 'ready') => {
        if (reply === 'ready') return;
        if ('level' in reply) return log[reply.level](reply.msg, reply.fields);
        const waiter = this.waiting.get(reply.seq);
        this.waiting.delete(reply.seq);
        if ('error' in reply) waiter?.reject(new Error(reply.error));
        else waiter?.resolve();
      });
      worker.on('error', (error) => this.fail(error));
      worker.on('exit', (code) => this.fail(new Error(`the mail thread stopped (exit code ${code})`)));
      return worker;
    });
    this.worker.catch((error: unknown) => this.fail(error instanceof Error ? error : new Error(String(error))));
  }

  async send(message: MailMessage, id: string): Promise<void> {
    const worker = await this.worker;
    const seq = ++this.seq;
    const sent = new Promise<void>((resolve, reject) => this.waiting.set(seq, { resolve, reject }));
    worker.ref();
    worker.postMessage({ seq, message, id } satisfies SendRequest);
    return sent.finally(() => this.waiting.size === 0 && worker.unref());
  }

  terminate(): void {
    this.dead = true;
    void this.worker.then((worker) => worker.terminate()).catch(() => undefined);
  }

  private fail(error: Error): void {
    this.dead = true;
    for (const waiter of this.waiting.values()) waiter.reject(error);
    this.waiting.clear();
  }
}

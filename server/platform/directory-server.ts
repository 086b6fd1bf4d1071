import http from 'node:http';
import fs from 'node:fs';
import { z } from 'zod';
import type { DirectoryAccount } from './types';

const NAME = /^[A-Za-z0-9_-]{1,64}$/;
const accountSchema = z.object({
  userId: z.string().regex(/^\d{1,20}$/),
  personaId: z.string().regex(/^\d{1,20}$/),
  name: z.string().regex(NAME),
  email: z.string().email().optional(),
  emailSearchable: z.boolean().optional(),
  avatar: z.string().url().optional(),
  games: z.array(z.string()).optional(),
});
const directoryFileSchema = z.object({ accounts: z.array(accountSchema) });

export function loadDirectoryFile(file: string): DirectoryAccount[] {
  return directoryFileSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8'))).accounts;
}

/**
 * The built-in platform directory: serves the lookup protocol the original server calls
 * (`/searchUser`, `/searchUsers`, `/userInfo`, `/userAvatar`, `/userGames`, `/status`)
 * from a list of accounts. Used when PLATFORM_API_URL is unset, and by the tests over real HTTP.
 */
export class DirectoryServer {
  private readonly byName = new Map<string, DirectoryAccount>();
  private readonly byEmail = new Map<string, DirectoryAccount>();
  private readonly byUserId = new Map<string, DirectoryAccount>();
  private readonly byPersonaId = new Map<string, DirectoryAccount>();
  private server?: http.Server;
  url = '';

  constructor(accounts: DirectoryAccount[] = []) {
    for (const a of accounts) this.add(a);
  }

  /** Adds or replaces an account (tests create accounts on the fly). */
  add(account: DirectoryAccount) {
    const prev = this.byUserId.get(account.userId);
    if (prev) {
      this.byName.delete(prev.name.toLowerCase());
      if (prev.email) this.byEmail.delete(prev.email.toLowerCase());
    }
    this.byName.set(account.name.toLowerCase(), account);
    if (account.email) this.byEmail.set(account.email.toLowerCase(), account);
    this.byUserId.set(account.userId, account);
    this.byPersonaId.set(account.personaId, account);
  }

  async listen(port = 0, host = '127.0.0.1'): Promise<string> {
    this.server = http.createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(port, host, resolve));
    const addr = this.server.address() as { port: number };
    this.url = `http://${host}:${addr.port}`;
    return this.url;
  }

  async close() {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://directory');
    const q = url.searchParams;
    const send = (status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const ok = (area: string, data: unknown) => send(200, { success: 1, code: `${area}.ok`, data });
    const bad = (area: string) => send(400, { error: 1, code: `${area}.bad` });
    const notFound = (area: string) => send(404, { error: 1, code: `${area}.notFound` });
    if (req.method !== 'GET') return send(404, { error: 1, code: 'request.404' });

    switch (url.pathname) {
      case '/searchUser': {
        const name = q.get('name');
        const email = q.get('email');
        if (name !== null) {
          if (!NAME.test(name)) return bad('searchUser');
          const a = this.byName.get(name.toLowerCase());
          // Platform names are unique regardless of case.
          return a ? ok('searchUser', a.userId) : notFound('searchUser');
        }
        if (email !== null) {
          if (!z.string().email().safeParse(email).success) return bad('searchUser');
          const a = this.byEmail.get(email.toLowerCase());
          return a && a.emailSearchable !== false ? ok('searchUser', a.userId) : notFound('searchUser');
        }
        return bad('searchUser');
      }
      case '/searchUsers': {
        const name = q.get('name') ?? '';
        const prefix = name.endsWith('*');
        const stem = (prefix ? name.slice(0, -1) : name).toLowerCase();
        if (!stem || !NAME.test(stem)) return bad('searchUsers');
        const hits = [...this.byName.values()]
          .filter((a) => (prefix ? a.name.toLowerCase().startsWith(stem) : a.name.toLowerCase() === stem))
          .slice(0, 20)
          .map((a) => ({ personaId: a.personaId, userId: a.userId, name: a.name }));
        return ok('searchUsers', hits);
      }
      case '/userInfo': {
        const userId = q.get('userId');
        const personaId = q.get('personaId');
        const id = userId ?? personaId;
        if (!id || !/^\d{1,20}$/.test(id)) return bad('userInfo');
        const a = userId ? this.byUserId.get(userId) : this.byPersonaId.get(personaId!);
        return a ? ok('userInfo', { username: a.name, personaId: a.personaId, userId: a.userId }) : notFound('userInfo');
      }
      case '/userAvatar': {
        const userId = q.get('userId');
        if (!userId || !/^\d{1,20}$/.test(userId)) return bad('userAvatar');
        const a = this.byUserId.get(userId);
        return a ? ok('userAvatar', a.avatar ?? '') : notFound('userAvatar');
      }
      case '/userGames': {
        const userId = q.get('userId');
        if (!userId || !/^\d{1,20}$/.test(userId)) return bad('userGames');
        const a = this.byUserId.get(userId);
        return a && a.games ? ok('userGames', a.games) : notFound('userGames');
      }
      case '/status':
        return ok('status', [{ tag: 'local-directory', client: { status: 'ok', info: `${this.byUserId.size} accounts` } }]);
      default:
        return send(404, { error: 1, code: 'request.404' });
    }
  }
}

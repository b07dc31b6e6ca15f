import pino from 'pino';
import { expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { buildApp } from '../src/app';
import { RedisBus } from '../src/bus/bus';
import type { AppContext } from '../src/context';
import { RedisLimitStore } from '../src/lib/limits';
import { AuditService } from '../src/modules/audit/service';
import { LedgerService } from '../src/modules/ledger/service';
import { TEST_SPORTS } from './support/catalog';
import { boLogin, login, seeded } from './support/fixtures';
import { describeEachDatabase, testConfig } from './support/harness';
import { catalogRepository } from '../src/modules/catalog/repository';

const redisUrl = process.env.TEST_REDIS_URL;

/**
 * Two server processes (two apps with their own snapshot, hub and Redis connections) over one PostgreSQL and
 * one Redis: a change made through one reaches the other's snapshot and WebSocket clients.
 */
// PGlite is one process by nature: this runs on PostgreSQL, with Redis (CI sets both).
describeEachDatabase(
  'two processes, one database, one Redis',
  (env) => {
    it.runIf(redisUrl)('delivers the same pushes and answers from both processes', async () => {
      await seeded(env());
      await catalogRepository.upsertSports(env().ctx.db, TEST_SPORTS);
      const prefix = `sbtest:${Date.now()}:`;
      const processes = await Promise.all(
        [1, 2].map(async () => {
          const config = testConfig();
          const ctx: AppContext = {
            ...env().ctx,
            config,
            ledger: new LedgerService(),
            audit: new AuditService(),
            limits: new RedisLimitStore(redisUrl ?? '', `${prefix}lim:`),
            bus: new RedisBus(redisUrl ?? '', `${prefix}bus:`),
            log: pino({ level: 'silent' }),
          };
          const { app, services } = await buildApp(ctx, { logger: false });
          await app.ready();
          return { ctx, app, services };
        }),
      );
      const [a, b] = processes as [(typeof processes)[0], (typeof processes)[0]];
      try {
        // Give the Redis subscriptions a moment to be registered server-side.
        await new Promise((r) => setTimeout(r, 200));
        const member = await login(b.app, 'demomyr');
        const socket: WebSocket = await b.app.injectWS('/ws');
        const received: { op: string; c?: { t: string; id: number } }[] = [];
        socket.on('message', (data: Buffer) =>
          received.push(JSON.parse(data.toString()) as (typeof received)[0]),
        );
        socket.send(JSON.stringify({ op: 'auth', account_id: 'demomyr', session_token: member.token }));
        socket.send(JSON.stringify({ op: 'sub', topics: ['sport:1'] }));
        const bo = await boLogin(a.app);
        const created = await bo.call('trade/creatematch', {
          sport_id: 1,
          league: 'Two Process League',
          home: 'North',
          away: 'South',
          kickoff: new Date(Date.now() + 3_600_000).toISOString(),
        });
        const id = created.body.match_id as number;
        await bo.call('trade/market', {
          match_id: id,
          kind: 'hdp',
          line: '0',
          prices: { h: '1.9', a: '1.9' },
        });
        const deadline = Date.now() + 5000;
        while (Date.now() < deadline && !received.some((m) => m.c?.t === 'market' && m.c.id === id)) {
          await new Promise((r) => setTimeout(r, 20));
        }
        expect(received.some((m) => m.c?.t === 'match' && m.c.id === id)).toBe(true);
        expect(received.some((m) => m.c?.t === 'market' && m.c.id === id)).toBe(true);
        // Both snapshots hold the match, so both processes answer the same.
        expect(a.services.snapshot.matches.get(id)?.home).toBe('North');
        expect(b.services.snapshot.matches.get(id)?.home).toBe('North');
        expect(b.services.snapshot.marketsOf(id)).toEqual(a.services.snapshot.marketsOf(id));
        socket.close();
      } finally {
        for (const p of processes) {
          await p.app.close();
          await p.ctx.bus.close();
          await p.ctx.limits.close();
        }
      }
    });
  },
  { only: ['postgres'] },
);

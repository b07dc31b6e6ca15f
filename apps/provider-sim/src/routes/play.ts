import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { parseJsonObject, type Sim } from '../app';
import { findGame } from '../catalog';
import { toLang } from '../i18n';
import { unitsFromDecimal } from '../money';
import { expiredPage, gamePage } from '../page';
import { playInstant } from '../play/instant';
import { balanceText } from '../play/service';

const STATIC = {
  'play.js': {
    type: 'text/javascript; charset=utf-8',
    body: readFileSync(new URL('../../public/play.js', import.meta.url)),
  },
  'play.css': {
    type: 'text/css; charset=utf-8',
    body: readFileSync(new URL('../../public/play.css', import.meta.url)),
  },
} as const;

const SIDES = ['player', 'banker', 'tie'] as const;

/** The game pages on the simulator's own origin and the small JSON API their script calls. */
export function registerPlayRoutes(app: FastifyInstance, sim: Sim): void {
  app.get<{ Params: { file: string } }>('/static/:file', async (request, reply) => {
    const file = STATIC[request.params.file as keyof typeof STATIC];
    if (!file) return reply.code(404).send({ error: 'not_found' });
    return reply.header('content-type', file.type).send(file.body);
  });

  app.get<{ Params: { code: string }; Querystring: { t?: string; lang?: string } }>(
    '/play/:code',
    async (request, reply) => {
      const lang = toLang(request.query.lang);
      const game = findGame(request.params.code);
      reply.header('content-type', 'text/html; charset=utf-8');
      if (!game) return reply.code(404).send(expiredPage(lang));
      const launchToken = request.query.t;
      if (!launchToken) {
        const seat = sim.seats.open(game, lang, null, null);
        return gamePage(game, lang, {
          id: seat.id,
          currency: seat.currency,
          balance: balanceText(seat),
          demo: true,
        });
      }
      // The launch token is exchanged here, server side: the page never sees the wallet token.
      const checked = await sim.wallet.check(launchToken);
      if (checked.kind !== 'ok') return reply.code(403).send(expiredPage(lang));
      const seat = sim.seats.open(
        game,
        lang,
        { token: checked.token, user: checked.user, currency: checked.currency, gameCode: game.code },
        checked.balance,
      );
      return gamePage(game, lang, {
        id: seat.id,
        currency: seat.currency,
        balance: balanceText(seat),
        demo: false,
      });
    },
  );

  const seatOf = (body: Record<string, unknown> | null) => (body ? sim.seats.get(body.seat) : undefined);

  app.post('/api/balance', async (request, reply) => {
    const seat = seatOf(parseJsonObject(request.body));
    if (!seat) return reply.code(404).send({ ok: false, error: 'no_seat' });
    if (seat.wallet) seat.balance = (await sim.wallet.balance(seat.wallet)) ?? seat.balance;
    return { ok: true, balance: balanceText(seat) };
  });

  app.post('/api/play', async (request, reply) => {
    const body = parseJsonObject(request.body);
    const seat = seatOf(body);
    if (!body || !seat) return reply.code(404).send({ ok: false, error: 'no_seat' });
    const stake = typeof body.stake === 'string' ? unitsFromDecimal(body.stake) : null;
    const choice =
      typeof body.choice === 'object' && body.choice !== null ? (body.choice as Record<string, unknown>) : {};
    return playInstant(sim.rounds, seat, stake, choice, sim.random);
  });

  app.post('/api/baccarat/state', async (request, reply) => {
    const seat = seatOf(parseJsonObject(request.body));
    if (!seat || seat.game.engine !== 'baccarat')
      return reply.code(404).send({ ok: false, error: 'no_seat' });
    return { ok: true, ...sim.floor.table(seat.game).state(seat) };
  });

  app.post('/api/baccarat/bet', async (request, reply) => {
    const body = parseJsonObject(request.body);
    const seat = seatOf(body);
    if (!body || !seat || seat.game.engine !== 'baccarat')
      return reply.code(404).send({ ok: false, error: 'no_seat' });
    const side = SIDES.find((candidate) => candidate === body.side);
    const stake = typeof body.stake === 'string' ? unitsFromDecimal(body.stake) : null;
    if (!side || stake === null) return { ok: false, error: 'bad_request', balance: balanceText(seat) };
    return sim.floor.table(seat.game).placeBet(seat, side, stake);
  });
}

import { CALLS } from '@sb/contract';
import { gmt8DateStart } from '@sb/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { boCall } from '../../http/backoffice';
import { AppError } from '../../lib/app-error';

const DAY_MS = 86_400_000;

/** /bo/audit: the audit rows of the caller's own subtree (the operator's: the whole book), newest first. */
export function auditRoutes(app: FastifyInstance, ctx: AppContext): void {
  boCall(app, ctx, CALLS.bo_audit, 'upline', async (caller, body) => {
    const from = body.start_date === undefined ? null : gmt8DateStart(body.start_date);
    const to = body.end_date === undefined ? null : gmt8DateStart(body.end_date);
    if (from === null && body.start_date !== undefined)
      throw new AppError('invalid_date', { field: 'start_date' });
    if (to === null && body.end_date !== undefined) throw new AppError('invalid_date', { field: 'end_date' });
    if (from !== null && to !== null && to < from) throw new AppError('invalid_date', { field: 'end_date' });
    const { rows, total } = await ctx.audit.search(ctx.db, {
      scopePath: caller.path,
      actor: body.actor,
      target: body.target,
      action: body.action,
      from: from === null ? undefined : new Date(from),
      to: to === null ? undefined : new Date(to + DAY_MS),
      page: body.page,
      pageSize: body.page_size,
    });
    return {
      total,
      page: body.page,
      rows: rows.map((row) => ({
        seq: String(row.seq),
        at: row.at.toISOString(),
        actor: row.actor,
        address: row.address,
        action: row.action,
        target: row.target,
        before: JSON.parse(row.before) as unknown,
        after: JSON.parse(row.after) as unknown,
        hash: row.hash,
      })),
    };
  });
}

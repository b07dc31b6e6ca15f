import { ERRORS, isErrorCode, type ErrorCode, type ErrorEnvelope } from '@sb/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../lib/app-error';

/** The one place that turns failures into replies: the spec's envelope, never a stack trace. */
export function errorEnvelope(
  code: ErrorCode,
  details: { field?: string; extra?: Record<string, unknown> } = {},
) {
  const def = ERRORS[code];
  const message = def.message.replace('{{field}}', details.field ?? 'Field');
  const envelope: ErrorEnvelope & Record<string, unknown> = { status: '0', statusdesc: code, message };
  if ('num' in def && def.num !== undefined) envelope.code = def.num;
  if (details.field) envelope.field = details.field;
  return { ...details.extra, ...envelope };
}

/** Maps the first zod issue to a statusdesc code: schema messages are codes (see packages/contract fields). */
export function validationError(error: z.ZodError): AppError {
  const issue = error.issues[0];
  const field = issue?.path.map(String).join('.') || undefined;
  if (issue && isErrorCode(issue.message)) return new AppError(issue.message, field ? { field } : {});
  if (issue?.code === 'invalid_type' && issue.input === undefined) {
    return new AppError('field_required', field ? { field } : {});
  }
  return new AppError('invalid_request', field ? { field } : {});
}

export function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    return reply.status(error.details.httpStatus ?? 200).send(errorEnvelope(error.code, error.details));
  }
  const fastifyCode = 'code' in error ? error.code : undefined;
  if (fastifyCode === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return reply.status(413).send(errorEnvelope('payload_too_large'));
  if (fastifyCode === 'FST_ERR_RATE_LIMIT') return reply.status(429).send(errorEnvelope('requestLimit'));
  const statusCode = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (statusCode >= 400 && statusCode < 500) {
    // Malformed JSON, wrong content type, empty body: the client's fault, said plainly.
    return reply
      .status(statusCode)
      .send(errorEnvelope('invalid_request', { extra: { reason: error.message } }));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send(errorEnvelope('systemError'));
}
